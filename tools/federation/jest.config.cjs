// The build tools' own tests (test/): the shared jest settings, the tools' ES modules (.mjs)
// transformed like TypeScript so a test can require them, and the `antd/es/...` files the tools'
// facades and loaders ask for answered by antd's CommonJS build (jest does not transpile antd's ESM).
const config = require('../../jest.base.cjs')({ dir: __dirname, env: 'jsdom' });
config.transform = { ...config.transform, '^.+\\.mjs$': config.transform['^.+\\.(t|j)sx?$'] };
config.moduleNameMapper = {
  ...config.moduleNameMapper,
  '^antd/es/index\\.js$': 'antd',
  '^antd/es/(.*)\\.js$': 'antd/lib/$1',
};
module.exports = config;
