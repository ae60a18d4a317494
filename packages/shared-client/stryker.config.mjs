// Mutation testing of the signed client (`npm run mutation` at the root, or
// `pnpm --filter @growth-admin/shared-client mutation`): a program that prints a score per file, not
// a test. It mutates the files in place (the workspace's jest config is shared from the root, which a
// sandbox copy would not reach) and restores them when it ends.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'], // named: pnpm's layout hides it from Stryker's own lookup
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.cjs',
    config: { reporters: ['default'] },
    enableFindRelatedTests: false,
  },
  // Every request goes through these: signing, the token, the envelope, errors, idempotency keys.
  mutate: ['src/http.ts', 'src/signature.ts', 'src/tokenStore.ts', 'src/idempotency.ts', 'src/typedCall.ts', 'src/api.ts', 'src/config.ts'],
  coverageAnalysis: 'perTest',
  inPlace: true,
  // jest runs through SWC, which checks no types: no `// @ts-nocheck` headers to add (and remove).
  disableTypeChecks: false,
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
