// The remote kit's jest preset: the settings every package of this repository tests with
// (jest.base.cjs adds its report), and a remote in another repository too:
//   // jest.config.cjs
//   module.exports = require('@growth-admin/remote-kit/jest')({ dir: __dirname });
// SWC transpiles TS/TSX (type checking is `tsc`'s job), the tests of each file run in a random
// order, and jsdom gets the browser APIs antd needs (setup-dom.cjs). A remote's tests render its
// sections with the UI kit's harness and shared-client's fake API: `renderSection` from
// '@growth-admin/ui-kit/testing', `installFakeApi` from '@growth-admin/shared-client/testing'. jest, @swc/jest and jest-environment-jsdom are the
// calling package's own (jest resolves them from `dir`).
const { existsSync } = require('node:fs');
const path = require('node:path');

/** @param {{ dir: string, env?: 'node' | 'jsdom', setupFiles?: string[] }} opts */
module.exports = function remoteJestConfig({ dir, env = 'jsdom', setupFiles = [] }) {
  return {
    rootDir: dir,
    testEnvironment: env,
    roots: ['src', 'test']
      .filter((r) => existsSync(path.join(dir, r)))
      .map((r) => `<rootDir>/${r}`),
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    // Every run shuffles the tests of each file (the seed is printed: `--seed=<n>` replays an order),
    // so a test that passes only after another one fails the run instead of hiding.
    randomize: true,
    showSeed: true,
    // The first antd render of a jsdom file costs seconds on a busy machine, and in a shuffled file
    // any test may be the first: 5 s (jest's default) failed tests that were merely first.
    ...(env === 'jsdom' ? { testTimeout: 30_000 } : {}),
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM packages in node_modules that jest must transpile too: shared-client and the UI kit as the kit ships them
    // (built ES modules), and @ant-design/icons' CommonJS build requires `@ant-design/colors/es/generate`
    // (ESM), which every antd icon loads.
    transformIgnorePatterns: [
      '/node_modules/(?!(\\.pnpm/)?(nanoid|echarts|zrender|@module-federation|@ant-design(\\+|/)colors|@growth-admin))',
    ],
    moduleNameMapper: { '\\.(css|less|svg|png)$': path.join(__dirname, 'file-stub.cjs') },
    setupFilesAfterEnv: [
      ...(env === 'jsdom' ? [path.join(__dirname, 'setup-dom.cjs')] : []),
      ...setupFiles,
    ],
  };
};
