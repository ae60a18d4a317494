#!/usr/bin/env node
// The antd contract list ships with the shell (the shell's antd is the one every remote gets), so a
// change to it is a new shell version: antd-contract.json records the list with the shell version
// that provides it, and each remote's build writes that version into its shared-client-usage.json
// (`antd.shellVersion`), which is how a shell that lacks an export names the release that adds it.
//   node tools/federation/antd-contract.mjs          check (exit 1 when the list changed unrecorded)
//   node tools/federation/antd-contract.mjs record   record the list with packages/shell's version
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { antdSharedExports } from './shared.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RECORD = join(here, 'antd-contract.json');
const shellVersion = JSON.parse(readFileSync(join(here, '../../packages/shell/package.json'), 'utf8')).version;
const recorded = JSON.parse(readFileSync(RECORD, 'utf8'));
const exports = antdSharedExports();
const same = (a, b) => a.length === b.length && a.every((name, i) => name === b[i]);

if (process.argv[2] === 'record') {
  if (!same(recorded.exports, exports) && recorded.shellVersion === shellVersion) {
    console.error(`the antd contract list changed since shell ${shellVersion}: raise packages/shell/package.json's version first`);
    process.exit(1);
  }
  writeFileSync(RECORD, `${JSON.stringify({ shellVersion, exports }, null, 2)}\n`);
  console.log(`antd contract recorded for shell ${shellVersion} (${exports.length} exports)`);
} else if (!same(recorded.exports, exports) || recorded.shellVersion !== shellVersion) {
  const added = exports.filter((n) => !recorded.exports.includes(n));
  const removed = recorded.exports.filter((n) => !exports.includes(n));
  console.error(
    `the antd contract list (added: ${added.join(', ') || 'none'}; removed: ${removed.join(', ') || 'none'}) or the shell version (${shellVersion}, recorded ${recorded.shellVersion}) ` +
      `differs from tools/federation/antd-contract.json: raise the shell's version and run node tools/federation/antd-contract.mjs record`,
  );
  process.exit(1);
}
