// The control plane's tables (releases, release_failures, deploy_tokens, remotes,
// release_measurements, served_releases, session_previews, release_preview_key, session_overrides) come from its own
// migrations folder. They run after the back-office's (src/migrations.ts): served_releases references admin_sessions, and nothing of the
// back-office references a table of the control plane.
import { join } from 'node:path';
import type { MigrationSet } from '../db/migrate';

export const CONTROL_PLANE_MIGRATIONS: MigrationSet = { name: 'control-plane', dir: join(__dirname, 'migrations') };
