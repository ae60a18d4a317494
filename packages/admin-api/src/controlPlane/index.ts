// The release control plane's public entry: what the rest of the API may import of it (lint's
// import zones refuse any other file of src/controlPlane from outside it). app.ts registers the
// plugin; the server runs its migrations and its start-up; the CLI its deploy-token commands; the
// back-office's guard refuses deploy tokens with its scheme, and a sign-in answers the new session's
// runtime config through it.
export { controlPlane } from './plugin';
export type { ControlPlaneConfig, ControlPlaneOptions, LiveSession, SessionFound } from './deps';
export { CONTROL_PLANE_MIGRATIONS } from './schema';
export { startControlPlane } from './startup';
export { addDeployToken, revokeDeployTokenNamed, DEFAULT_TOKEN_DAYS } from './commands';
export { refuseDeployTokens } from './deployTokenGuard';
export { runtimeConfigFor, type Viewer } from './releases/runtimeConfig';
