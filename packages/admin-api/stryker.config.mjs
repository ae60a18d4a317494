// Mutation testing of the security and money paths (`npm run mutation` at the root, or
// `pnpm --filter @growth-admin/admin-api mutation`): a program that prints a score per file, not a
// test. It mutates the files in place (the workspace's jest config is shared from the root, which a
// sandbox copy would not reach) and restores them when it ends.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'], // named: pnpm's layout hides it from Stryker's own lookup
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.cjs',
    // Only the suites that exercise these modules; each starts its server once per file.
    config: { testMatch: ['**/test/passwords.test.ts', '**/test/auth.test.ts', '**/test/money.test.ts'], reporters: ['default'] },
    enableFindRelatedTests: false,
  },
  testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
  mutate: [
    'src/security.ts',
    'src/http/guard.ts',
    'src/modules/auth/{repository,signIn,throttle}.ts',
    'src/modules/persons/money.ts',
    'src/modules/orders/refund.ts',
    'src/modules/idempotency/repository.ts',
  ],
  coverageAnalysis: 'perTest',
  inPlace: true,
  // jest runs through SWC, which checks no types: no `// @ts-nocheck` headers to add (and remove).
  disableTypeChecks: false,
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
