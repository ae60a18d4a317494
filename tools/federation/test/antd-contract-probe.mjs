// Compiles one entry file with the AntdContractPlugin of tools/federation/build.mjs and prints the
// build errors as a JSON array. antd is external, so nothing of it is bundled: a check in seconds.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AntdContractPlugin } from '../build.mjs';

const entry = process.argv[2];
const webpack = createRequire(import.meta.url)('webpack');
const out = mkdtempSync(join(tmpdir(), 'antd-contract-'));
const compiler = webpack({
  mode: 'development',
  devtool: false,
  context: dirname(entry),
  entry,
  output: { path: out },
  externals: [/^antd(\/.*)?$/],
  plugins: [new AntdContractPlugin()],
  infrastructureLogging: { level: 'error' },
});
compiler.run((err, stats) => {
  compiler.close(() => {
    rmSync(out, { recursive: true, force: true });
    if (err) throw err;
    process.stdout.write(JSON.stringify(stats.compilation.errors.map((e) => e.message)));
  });
});
