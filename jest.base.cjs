// Shared jest settings: SWC transpiles TS/TSX (type checking is `tsc`'s job, run by turbo typecheck),
// the tests of each file run in a random order, and every run writes a JSON report the test script
// sums into "N passed, N failed".
const path = require('node:path');

/** @param {{ dir: string, env: 'node' | 'jsdom', setupFiles?: string[] }} opts */
module.exports = function jestConfig({ dir, env, setupFiles = [] }) {
  return {
    rootDir: dir,
    testEnvironment: env,
    roots: ['<rootDir>/src', '<rootDir>/test'].filter((r) =>
      require('node:fs').existsSync(r.replace('<rootDir>', dir)),
    ),
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
    // ESM-only packages in node_modules that jest must transpile too. @ant-design/icons' CommonJS
    // build requires `@ant-design/colors/es/generate` (ESM), which every antd icon loads.
    transformIgnorePatterns: [
      '/node_modules/(?!(\\.pnpm/)?(nanoid|echarts|zrender|@module-federation|@ant-design(\\+|/)colors))',
    ],
    moduleNameMapper: { '\\.(css|less|svg|png)$': path.join(__dirname, 'jest.file-stub.cjs') },
    setupFilesAfterEnv: [
      ...(env === 'jsdom' ? [path.join(__dirname, 'jest.setup.dom.cjs')] : []),
      ...setupFiles,
    ],
    reporters: [
      'default',
      [path.join(__dirname, 'scripts/jest-json-reporter.cjs'), { outputFile: path.join(dir, 'reports/jest.json') }],
    ],
  };
};
