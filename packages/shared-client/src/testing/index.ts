// `@growth-admin/shared-client/testing`: the network edge faked for the remotes' jest tests (jest
// only). A section rendered as the shell renders it is the UI kit's (`@growth-admin/ui-kit/testing`).
export * from './fakeApi';
