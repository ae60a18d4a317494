const config = require('../../jest.base.cjs')({ dir: __dirname, env: 'jsdom' });
// tools/federation's modules are .mjs (test/staticServer.test.ts makes stored copies with precompress.mjs).
config.transform = { ...config.transform, '^.+\\.mjs$': config.transform['^.+\\.(t|j)sx?$'] };
// Not shuffled yet: two files of src/sections/ (being redesigned elsewhere) fail in another order
// (seed 1584948119): dashboardPrefetch.test.tsx ('signed in on another section') and
// integrity.test.ts (a chunk's hash, which times out). `--randomize` shows them; the rest passes.
config.randomize = false;
module.exports = config;
