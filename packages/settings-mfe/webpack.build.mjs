// Builds remote `settings` (`node webpack.build.mjs`) or serves it standalone (`--dev`). Its name,
// exposed modules, sections and slot contributions are in remote.json; the shared setup
// (singletons, hashing, manifest, remote-meta.json) lives in tools/federation/build.mjs.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPackageBuild } from '../../tools/federation/build.mjs';

await runPackageBuild({ pkgDir: dirname(fileURLToPath(import.meta.url)), title: 'Settings (standalone)' });
