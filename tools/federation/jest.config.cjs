// The build tools' own tests (test/): the shared jest settings, the tools' ES modules (.mjs)
// transformed like TypeScript so a test can require them.
const config = require('../../jest.base.cjs')({ dir: __dirname, env: 'jsdom' });
config.transform = { ...config.transform, '^.+\\.mjs$': config.transform['^.+\\.(t|j)sx?$'] };
module.exports = config;
