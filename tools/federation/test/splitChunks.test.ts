/**
 * @jest-environment node
 */
// build.mjs's splitChunks: a module two async chunks both import is shipped once, however small,
// and each chunk group still loads every module it loaded before (the page gets the same code);
// React's packages, loaded together, are one file.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(60_000);

interface Probe {
  errors: string[];
  /** module file → how many chunks hold it */
  chunksOf: Record<string, number>;
  /** './a.js' → the modules its chunk group loads */
  groups: Record<string, string[]>;
  /** the chunks that hold React's modules */
  reactChunks: string[];
}

function probe(...args: string[]): Probe {
  const run = spawnSync(process.execPath, [join(__dirname, 'split-chunks-probe.mjs'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Probe;
}

test("webpack's defaults copy a small module into each async chunk that imports it, and split React in two (what the build avoids)", () => {
  const { errors, chunksOf, reactChunks } = probe('--defaults');
  expect(errors).toEqual([]);
  expect(chunksOf['common.js']).toBe(2);
  expect(reactChunks).toHaveLength(2);
});

test("the build's splitChunks ships it once, and each async chunk's group still loads everything it needs", () => {
  const { errors, chunksOf, groups } = probe();
  expect(errors).toEqual([]);
  expect(chunksOf['common.js']).toBe(1);
  expect(groups).toEqual({
    './a.js': ['a.js', 'common.js'],
    './b.js': ['b.js', 'common.js'],
    './c.js': ['c.js'],
    react: ['react-dom/index.js', 'react/index.js'],
    'react-dom': ['react-dom/index.js', 'react/index.js'],
  });
});

test("React's packages are one chunk, `react`, whichever of their shared entry points asks first", () => {
  const { chunksOf, reactChunks } = probe();
  expect(reactChunks).toEqual(['react']);
  expect(chunksOf['react/index.js']).toBe(1);
  expect(chunksOf['react-dom/index.js']).toBe(1);
});
