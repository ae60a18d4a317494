// What the loader needs before a developer's override loads (this chunk is the override's own):
// the check in the page, and the JSX runtime a development build takes from the shell.
export { overrideReady } from './check';
export { JSX_DEV_RUNTIME_SHARE } from './jsxDevRuntime';
