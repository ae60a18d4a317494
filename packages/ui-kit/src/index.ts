// `@growth-admin/ui-kit`: what the admin screens draw with, over the singleton core
// (`@growth-admin/shared-client`). Nothing here must be one instance in the page: the state it
// follows (the session, the appearance choice, the step-up prompt) is the core's. Its version follows
// its exported surface (surface.json): a remote built against a newer kit can bring its own copy.
// The core entry (`./core`: what the shell's layout and the dashboard draw with), and the rest:
export * from './core';
export * from './lists';
export * from './dialogs/DiscardChangesDialog';
export * from './exportCsv';
export * from './throttleCountdown';
