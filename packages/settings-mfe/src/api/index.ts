// Settings' own API calls, with their React Query keys and options beside them (docs/architecture.md:
// each remote owns its calls; shared-client gives the typed, signed `call` they go through).
export * from './account';
export * from './administrators';
export * from './audit';
export * from './overrides';
export * from './previews';
export * from './releases';
export * from './remotes';
export * from './queries';
