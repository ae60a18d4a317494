// Compiles the same small Module Federation remote (@module-federation/enhanced and the builds'
// minifier, as the packages build with: one exposed module) in two folders of different names, with
// deterministic ids and, unless `--without`, the build's FederationEntryIdsPlugin, and prints as JSON
// whether each emitted file is the same in both, and (`module ids`) whether every module has the same
// id in both.
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FederationEntryIdsPlugin, productionMinimizer } from '../build.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const files = {
  'src/Section.js': "export default () => 'a section';\n",
  'src/index.js': "import('./Section.js');\nimport('probe-lib');\n",
  // A shared package: its provided module's identifier holds the package's absolute path.
  'node_modules/probe-lib/package.json': '{ "name": "probe-lib", "version": "1.0.0", "main": "index.js" }\n',
  'node_modules/probe-lib/index.js': "export const lib = 'a library';\n",
  // A runtime plugin in the folder: the plugin's generated entry names it by its absolute path, as
  // it names the federation runtime's files in a clone's own node_modules.
  'src/runtimePlugin.js': "export default () => ({ name: 'probe-plugin' });\n",
};

function build(root) {
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), source);
  }
  const compiler = webpack({
    mode: 'production',
    devtool: false,
    context: root,
    entry: './src/index.js',
    output: { path: join(root, 'dist'), publicPath: 'auto', uniqueName: 'probe' },
    optimization: { minimize: true, minimizer: [productionMinimizer(require.resolve('webpack'))], moduleIds: 'deterministic', chunkIds: 'deterministic' },
    plugins: [
      new ModuleFederationPlugin({ name: 'probe', filename: 'remoteEntry.js', exposes: { './Section': './src/Section.js' }, shared: { 'probe-lib': { requiredVersion: '^1.0.0' } }, runtimePlugins: [join(root, 'src/runtimePlugin.js')], dts: false }),
      ...(process.argv.includes('--without') ? [] : [new FederationEntryIdsPlugin()]),
    ],
    infrastructureLogging: { level: 'error' },
  });
  return new Promise((resolve, reject) =>
    compiler.run((err, stats) =>
      compiler.close(() => {
        if (err || stats.hasErrors()) return reject(err ?? new Error(stats.toString('errors-only')));
        const dist = join(root, 'dist');
        // Every module's id by its name, but the generated entry's: its name is its file's, a hash of
        // its text (its id is in the files compared).
        const modules = stats.toJson({ all: false, modules: true, ids: true }).modules.filter((m) => !/\.federation[\\/]entry\./.test(m.name));
        const ids = modules.map((m) => `${m.name} ${m.id}`).sort();
        resolve({ ...Object.fromEntries(readdirSync(dist).map((f) => [f, readFileSync(join(dist, f), 'utf8')])), 'module ids': ids.join('\n') });
      }),
    ),
  );
}

// Both folders inside this package, at the same depth, so that the workspace's node_modules are
// at the same relative place from each; only the folders' names (and so the runtime plugin's
// absolute path) differ.
const base = mkdtempSync(join(dirname(fileURLToPath(import.meta.url)), '.ids-probe-'));
try {
  const short = await build(join(base, 'a'));
  const long = await build(join(base, 'a-folder-with-a-much-longer-name'));
  const names = [...new Set([...Object.keys(short), ...Object.keys(long)])].sort();
  console.log(JSON.stringify(Object.fromEntries(names.map((f) => [f, short[f] === long[f]]))));
} finally {
  rmSync(base, { recursive: true, force: true });
}
