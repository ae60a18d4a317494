// What antd's App imports as useModal (build.mjs swaps it in): the `modal` of App.useApp(), whose
// dialogs wait in the deferred antd until one is first opened (antd-modal.mjs).
export { useModal as default } from '../antd-modal.mjs';
