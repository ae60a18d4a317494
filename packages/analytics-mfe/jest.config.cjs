const config = require('../../jest.base.cjs')({ dir: __dirname, env: 'jsdom' });
// The build takes echarts-for-react's ES modules (tree-shaken, with echarts' own tslib helpers);
// jest runs its CommonJS build, the same code.
config.moduleNameMapper = { ...config.moduleNameMapper, '^echarts-for-react/esm/core$': 'echarts-for-react/lib/core' };
module.exports = config;
