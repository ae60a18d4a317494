// The remote kit's build preset: the body of a remote's `webpack.build.mjs`,
//   import { dirname } from 'node:path';
//   import { fileURLToPath } from 'node:url';
//   import { buildRemote } from '@growth-admin/remote-kit/build';
//   await buildRemote({ pkgDir: dirname(fileURLToPath(import.meta.url)), title: 'Tickets (standalone)' });
// It is the build every remote of this repository makes (@growth-admin/federation-tools' build.mjs):
// Module Federation from the remote's remote.json, the shared singletons, Subresource Integrity, the
// shared-client and antd usage record, remote-meta.json and stored gzip. `node webpack.build.mjs`
// builds dist/, `--out DIR` builds into DIR, `--dev` serves the standalone harness (the section
// behind a sign-in, against the API of API_URL, default http://localhost:4000), `--in-panel <panel
// URL>` serves a development build for the real panel and prints its override link. The build records
// this kit's version in its usage record, so a refusal from the release gate can name the kit the
// active shell needs.
import { runPackageBuild } from '@growth-admin/federation-tools/build.mjs';
import { kitRecord } from './contract.mjs';

/**
 * @param {{ pkgDir: string, title?: string, template?: string }} options the remote's folder (it holds
 *   package.json and remote.json), the standalone page's title, an HTML template of its own
 * @param {string[]} [argv] the command's arguments (`--dev`, `--out DIR`, `--in-panel <panel URL>`, `--port N`)
 */
export async function buildRemote(options, argv = process.argv.slice(2)) {
  await runPackageBuild({ ...options, kit: kitRecord() }, argv);
}
