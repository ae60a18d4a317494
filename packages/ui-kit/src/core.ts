// `@growth-admin/ui-kit/core`: the part of the kit the shell's layout and the dashboard draw with
// (the page header, the list state in the URL, formatters, the theme and appearance, dialog focus,
// the step-up dialog), shared as a module of its own. The full entry (`@growth-admin/ui-kit`) is
// this and the list kit, which only the list screens load.
export * from './lists/PageHeader';
export * from './lists/listUrl';
export * from './lists/dayRange';
export * from './LoadError';
export * from './dialogFocus';
export * from './stepUp';
export * from './theme';
export * from './appearance';
export { AppearanceSwitches } from './AppearanceSwitches';
export * from './format';
export * from './regions';
export * from './version';
