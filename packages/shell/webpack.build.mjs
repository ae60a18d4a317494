// Builds the shell, the federation host (`node webpack.build.mjs`), or serves it (`--dev`,
// port SHELL_PORT). No remote URL is built in: remotes come from runtime-config.json at boot.
// SHELL_PUBLIC_PATH (default `/`) is where the shell is served from.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPackageBuild } from '../../tools/federation/build.mjs';

const pkgDir = dirname(fileURLToPath(import.meta.url));

await runPackageBuild({
  pkgDir,
  name: 'shell',
  template: join(pkgDir, 'public/index.html'),
  publicPath: process.env.SHELL_PUBLIC_PATH || '/',
});
