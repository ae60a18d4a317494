// `@growth-admin/shared-client/testing`: the remotes' jest helpers (jest only).
export * from './fakeApi';
export * from './renderSection';
