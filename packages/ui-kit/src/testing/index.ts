// `@growth-admin/ui-kit/testing`: a section rendered as the shell renders it, for the remotes' jest
// tests (jest only). The fake API at the network edge is shared-client's (`@growth-admin/shared-client/testing`).
export * from './renderSection';
