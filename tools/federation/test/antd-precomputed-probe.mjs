// Prints, as JSON, every antd style module the shell's production build replaces and what each of
// its exports becomes (tools/federation/antd-precomputed-style-loader.cjs), given the styles that
// build precomputes (its antd-static CSS, rendered here as the build renders it). A child process:
// the CSS is rendered by antd in production mode, with the real loader on antd's real files.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANTD_STYLE_MODULE, precomputedStyles } from '../build.mjs';
import { antdStaticCss } from '../antd-static-css.mjs';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(pkgDir, 'package.json'));
const loader = require('../../tools/federation/antd-precomputed-style-loader.cjs');
const antdEs = join(dirname(require.resolve('antd/package.json')), 'es');
const HOOKS = 'hooks';
// (what webpack gives a loader as `this.utils.contextify`)
const { contextify } = require('webpack/lib/util/identifier');

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const precomputed = precomputedStyles(antdStaticCss(pkgDir));
const modules = [];
for (const file of filesUnder(antdEs).filter((f) => ANTD_STYLE_MODULE.test(f)).sort()) {
  const source = readFileSync(file, 'utf8');
  const out = loader.call({ resourcePath: file, context: dirname(file), utils: { contextify }, getOptions: () => ({ precomputed, hooks: HOOKS }) }, source);
  if (out === source) continue;
  const exports = [...out.matchAll(/^export (?:default (\w+)|const (\w+) = (\w+));$/gm)].map((m) => (m[1] ? ['default', m[1]] : [m[2], m[3]]));
  modules.push({ path: relative(antdEs, file), exports });
}
process.stdout.write(JSON.stringify({ precomputed, modules }));
