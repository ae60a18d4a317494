/**
 * @jest-environment node
 */
// build.mjs's splitChunks: a module two async chunks both import is shipped once, however small,
// and each chunk group still loads every module it loaded before (the page gets the same code).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(60_000);

interface Probe {
  errors: string[];
  /** module file → how many chunks hold it */
  chunksOf: Record<string, number>;
  /** './a.js' → the modules its chunk group loads */
  groups: Record<string, string[]>;
}

function probe(...args: string[]): Probe {
  const run = spawnSync(process.execPath, [join(__dirname, 'split-chunks-probe.mjs'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Probe;
}

test("webpack's defaults copy a small module into each async chunk that imports it (what the build avoids)", () => {
  const { errors, chunksOf } = probe('--defaults');
  expect(errors).toEqual([]);
  expect(chunksOf['common.js']).toBe(2);
});

test("the build's splitChunks ships it once, and each async chunk's group still loads everything it needs", () => {
  const { errors, chunksOf, groups } = probe();
  expect(errors).toEqual([]);
  expect(chunksOf['common.js']).toBe(1);
  expect(groups).toEqual({
    './a.js': ['a.js', 'common.js'],
    './b.js': ['b.js', 'common.js'],
    './c.js': ['c.js'],
  });
});
