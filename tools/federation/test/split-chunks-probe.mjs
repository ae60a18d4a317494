// Compiles a fixture of async chunks (two that import one small module, one alone, React and
// React DOM each loaded by an import() of its own), with build.mjs's splitChunks (or webpack's
// defaults: `--defaults`), and prints, as JSON, which chunks hold each module, which modules each
// async chunk group loads and the chunks React's modules are in.
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPLIT_CHUNKS } from '../build.mjs';

const webpack = createRequire(import.meta.url)('webpack');
const src = mkdtempSync(join(tmpdir(), 'split-chunks-src-'));
const out = mkdtempSync(join(tmpdir(), 'split-chunks-out-'));
const files = {
  'entry.js': "export const open = () => Promise.all([import('./a.js'), import('./b.js'), import('./c.js'), import('react'), import('react-dom')]);\n",
  'a.js': "import { colour } from './common.js';\nexport default () => colour('a');\n",
  'b.js': "import { colour } from './common.js';\nexport default () => colour('b');\n",
  'c.js': "export default () => 'c';\n",
  'common.js': 'export const colour = (name) => `${name}: #1677ff`;\n',
  'node_modules/react/index.js': 'exports.version = "19";\n',
  'node_modules/react-dom/index.js': 'exports.render = () => require("react").version;\n',
};
for (const [name, source] of Object.entries(files)) {
  mkdirSync(join(src, name, '..'), { recursive: true });
  writeFileSync(join(src, name), source);
}

const compiler = webpack({
  mode: 'production',
  devtool: false,
  context: src,
  entry: './entry.js',
  output: { path: out },
  optimization: { minimize: false, ...(process.argv.includes('--defaults') ? {} : { splitChunks: SPLIT_CHUNKS }) },
  infrastructureLogging: { level: 'error' },
});
compiler.run((err, stats) => {
  compiler.close(() => {
    rmSync(src, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
    if (err) throw err;
    const { compilation } = stats;
    const { chunkGraph } = compilation;
    const name = (module) => module.resource?.split(/[\\/]node_modules[\\/]|[\\/]/).slice(module.resource.includes('node_modules') ? -2 : -1).join('/');
    const chunksOf = {};
    for (const module of compilation.modules) if (name(module)) chunksOf[name(module)] = chunkGraph.getModuleChunks(module).length;
    // What loading each of a.js, b.js and c.js loads: the modules of every chunk of its group.
    const groups = {};
    for (const group of compilation.chunkGroups) {
      const origin = group.origins.map((o) => o.request).find((r) => /^(\.\/[abc]\.js|react|react-dom)$/.test(r ?? ''));
      if (!origin) continue;
      groups[origin] = [...new Set(group.chunks.flatMap((chunk) => chunkGraph.getChunkModules(chunk).map(name)))].sort();
    }
    const reactChunks = [...compilation.chunks]
      .filter((chunk) => chunkGraph.getChunkModules(chunk).some((m) => /^react/.test(name(m) ?? '')))
      .map((chunk) => chunk.name ?? String(chunk.id));
    process.stdout.write(JSON.stringify({ errors: compilation.errors.map((e) => e.message), chunksOf, groups, reactChunks }));
  });
});
