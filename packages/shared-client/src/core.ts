// `@growth-admin/shared-client/core`: the client without any UI: configuration, the token store,
// signed HTTP, the typed API calls, the dashboard's load definitions (the shell prefetches them at
// sign-in) and the appearance store (the layout's skeleton follows dark mode). The shell's boot
// path and login screen import this entry so the login screen loads no antd and no React Query (the full entry's list kit and queries import
// them, and loading a federation-shared module loads what it imports). It is shared as a singleton
// beside the full entry; both are the shell's copies of the same files, so there is still one token
// store and one configured client. Every name here is also exported by the full entry (index.ts).
export * from './types';
export * from './errors';
export * from './throttle';
export * from './config';
export * from './tokenStore';
export { call, type ApiPath, type DataOf, type MethodOf } from './typedCall';
export * from './api';
export * from './dashboardLoads';
export * from './appearanceStore';
