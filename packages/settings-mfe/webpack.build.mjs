// Builds remote `settings` (`node webpack.build.mjs`) or serves it standalone (`--dev`, port SETTINGS_PORT).
// The shared setup (singletons, hashing, manifest) lives in tools/federation/build.mjs.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPackageBuild } from '../../tools/federation/build.mjs';
import remotes from '@growth-admin/remotes';

const { remoteByName } = remotes;

await runPackageBuild({
  pkgDir: dirname(fileURLToPath(import.meta.url)),
  name: 'settings',
  title: 'Settings (standalone)',
  exposes: remoteByName('settings').exposes, // from the one list of remotes
});
