// The kit's own tests: the shared settings, in node (they pack, scaffold, install and build; no DOM),
// the kit's ES modules (.mjs) transformed like TypeScript so a test can require them.
const config = require('../../jest.base.cjs')({ dir: __dirname, env: 'node' });
config.transform = { ...config.transform, '^.+\\.mjs$': config.transform['^.+\\.(t|j)sx?$'] };
module.exports = config;
