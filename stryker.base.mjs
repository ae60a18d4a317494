// The StrykerJS setup both mutation runs share (`npm run mutation`): jest through each package's own
// config, per-test coverage, the files mutated in place (the workspace's jest config is shared from
// the root, which a sandbox copy would not reach) and restored when the run ends.
import { fileURLToPath } from 'node:url';

/**
 * @param {{ mutate: string[], environment: 'node' | 'jsdom', testMatch?: string[], ignore?: string[], timeoutMS: number, nodeArgs?: string[] }} o
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerConfig({ mutate, environment, testMatch, ignore, timeoutMS, nodeArgs = [] }) {
  return {
    testRunner: 'jest',
    plugins: ['@stryker-mutator/jest-runner'], // named: pnpm's layout hides it from Stryker's own lookup
    jest: {
      projectType: 'custom',
      configFile: 'jest.config.cjs',
      config: {
        ...(testMatch ? { testMatch } : {}),
        ...(ignore ? { testPathIgnorePatterns: ['/node_modules/', ...ignore] } : {}),
        // The package's environment, bailing out of a mutant's run at its first failed test.
        testEnvironment: fileURLToPath(new URL(`./tools/mutation/environment-${environment}.cjs`, import.meta.url)),
        reporters: ['default'],
      },
      enableFindRelatedTests: false,
    },
    testRunnerNodeArgs: nodeArgs,
    mutate,
    coverageAnalysis: 'perTest',
    inPlace: true,
    // jest runs through SWC, which checks no types: no `// @ts-nocheck` headers to add (and remove).
    disableTypeChecks: false,
    concurrency: 2,
    // A fresh test runner process every 20 mutants: each jest run in one process keeps some memory
    // (admin-api's PGlite instances: a worker reached 4.5 GB in 6 minutes and slowed down with it).
    maxTestRunnerReuse: 20,
    timeoutMS,
    reporters: ['clear-text', 'progress', 'json'],
    jsonReporter: { fileName: 'reports/mutation/mutation.json' },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
  };
}
