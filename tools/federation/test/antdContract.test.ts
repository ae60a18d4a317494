/**
 * @jest-environment node
 */
// The build-time check of the antd share contract (tools/federation/antd-shared.mjs): a module that
// imports an antd export the share scope does not provide, or a second copy of part of antd, fails
// its build with a message saying what to do, instead of getting `undefined` from the shell's antd.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'antd-contract-src-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The build errors of a module with this source. */
function buildErrors(source: string): string[] {
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(entry, source);
  const run = spawnSync(process.execPath, [join(__dirname, 'antd-contract-probe.mjs'), entry], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

test('exports on the contract list build', () => {
  expect(buildErrors("import { Button, Table, message } from 'antd';\nexport default [Button, Table, message];\n")).toEqual([]);
});

test('an antd export missing from the list fails the build, naming it and the fix', () => {
  const errors = buildErrors("import { Button, Drawer } from 'antd';\nexport default [Button, Drawer];\n");
  expect(errors).toHaveLength(1);
  expect(errors[0]).toContain("imports 'Drawer' from 'antd', which the federation share scope does not provide");
  expect(errors[0]).toContain('add the export to tools/federation/antd-shared.mjs (and deploy the shell before the remote)');
});

test('the whole antd namespace, a dynamic import or a deep import of part of antd fails the build', () => {
  expect(buildErrors("import * as antd from 'antd';\nexport default antd;\n")).toEqual([
    expect.stringContaining("uses the whole 'antd' namespace"),
  ]);
  expect(buildErrors("export const load = () => import('antd');\n")).toEqual([expect.stringContaining("loads 'antd' as a whole")]);
  expect(buildErrors("module.exports = require('antd');\n")).toEqual([expect.stringContaining("loads 'antd' as a whole")]);
  expect(buildErrors("import Select from 'antd/es/select';\nexport default Select;\n")).toEqual([
    expect.stringContaining("imports 'antd/es/select', a second copy of that part of antd beside the shared one"),
  ]);
});

test('antd locales are plain data and may be imported directly', () => {
  expect(buildErrors("import enUS from 'antd/es/locale/en_US';\nexport default enUS;\n")).toEqual([]);
});

test('the deferred components (loaded on first render) are on the contract list, each with its wrapper', () => {
  // shared.mjs is ESM: read it in a node process of its own.
  const script = `import('${join(__dirname, '../shared.mjs')}').then((m) => console.log(JSON.stringify({ deferred: m.antdDeferredExports(), all: m.antdSharedExports() })))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr); // antdDeferredExports throws when a wrapper is missing
  const { deferred, all } = JSON.parse(run.stdout) as { deferred: string[]; all: string[] };
  expect(deferred).toEqual(expect.arrayContaining(['Table', 'Select']));
  expect(all).toEqual(expect.arrayContaining([...deferred, 'ConfigProvider', 'Card']));
  expect(buildErrors("import { Table, Select, Popconfirm } from 'antd';\nexport default [Table, Select, Popconfirm];\n")).toEqual([]);
});

test('the contract list is recorded with the shell version that provides it (antd-contract.json)', () => {
  // Fails when the list changes without a new shell version: remotes write that version into their
  // usage file, so a shell lacking an export can name the release that adds it.
  const run = spawnSync(process.execPath, [join(__dirname, '../antd-contract.mjs')], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});
