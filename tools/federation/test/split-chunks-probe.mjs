// Compiles a fixture of two async chunks that import one small module, with build.mjs's
// splitChunks (or webpack's defaults: `--defaults`), and prints, as JSON, which chunks hold each
// module and which modules each async chunk group loads.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPLIT_CHUNKS } from '../build.mjs';

const webpack = createRequire(import.meta.url)('webpack');
const src = mkdtempSync(join(tmpdir(), 'split-chunks-src-'));
const out = mkdtempSync(join(tmpdir(), 'split-chunks-out-'));
const files = {
  'entry.js': "export const open = () => Promise.all([import('./a.js'), import('./b.js'), import('./c.js')]);\n",
  'a.js': "import { colour } from './common.js';\nexport default () => colour('a');\n",
  'b.js': "import { colour } from './common.js';\nexport default () => colour('b');\n",
  'c.js': "export default () => 'c';\n",
  'common.js': 'export const colour = (name) => `${name}: #1677ff`;\n',
};
for (const [name, source] of Object.entries(files)) writeFileSync(join(src, name), source);

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
    const name = (module) => module.resource?.split(/[\\/]/).at(-1);
    const chunksOf = {};
    for (const module of compilation.modules) if (name(module)) chunksOf[name(module)] = chunkGraph.getModuleChunks(module).length;
    // What loading each of a.js, b.js and c.js loads: the modules of every chunk of its group.
    const groups = {};
    for (const group of compilation.chunkGroups) {
      const origin = group.origins.map((o) => o.request).find((r) => /^\.\/[abc]\.js$/.test(r ?? ''));
      if (!origin) continue;
      groups[origin] = [...new Set(group.chunks.flatMap((chunk) => chunkGraph.getChunkModules(chunk).map(name)))].sort();
    }
    process.stdout.write(JSON.stringify({ errors: compilation.errors.map((e) => e.message), chunksOf, groups }));
  });
});
