const config = require('../../jest.base.cjs')({ dir: __dirname, env: 'jsdom' });
// tools/federation's antd modules are .mjs (test/rangePicker.test.tsx renders the light RangePicker).
config.transform = { ...config.transform, '^.+\\.mjs$': config.transform['^.+\\.(t|j)sx?$'] };
module.exports = config;
