const config = require('../../jest.base.cjs')({ dir: __dirname, env: 'jsdom' });
// tools/federation's modules are .mjs (test/staticServer.test.ts makes stored copies with precompress.mjs).
config.transform = { ...config.transform, '^.+\\.mjs$': config.transform['^.+\\.(t|j)sx?$'] };
module.exports = config;
