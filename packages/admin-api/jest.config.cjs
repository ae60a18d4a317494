// The shared jest settings plus: long timeouts (real servers, real databases) and one report per
// database target: reports/jest.json (PGlite) and reports/jest-pg.json (PostgreSQL, when DATABASE_URL is set).
const path = require('node:path');
const base = require('../../jest.base.cjs')({ dir: __dirname, env: 'node' });

const onPostgres = process.env.ADMIN_API_TEST_DB === 'postgres';

// On PostgreSQL the suite runs again where the database is the subject: its driver, pool and
// concurrency, transactions, types and SQL (money, sessions, throttles, lists, exports, dates, the
// registry, lifecycle and faults). These files are about HTTP, rules, files or pure functions, and
// run on PGlite only (the same SQL engine): the test command stays within its time on two cores.
const PGLITE_ONLY = [
  'administrators', 'authRules', 'composition', 'contract', 'gate', 'imageProxy', 'judge', 'outsideClient',
  'passwords', 'prometheus', 'releaseCommands', 'releaseStoreS3', 'roles', 'security', 'stepUp',
];

module.exports = {
  ...base,
  ...(onPostgres ? { testPathIgnorePatterns: ['/node_modules/', ...PGLITE_ONLY.map((name) => `/test/${name}\\.test\\.ts$`)] } : {}),
  // Shuffled like every package (jest.base.cjs): no test builds on another. Each sets up the session,
  // release or clock it needs (a beforeEach, or a helper it calls); the release files give every test
  // a server of its own, on a fresh copy of the seeded database. A failure prints its seed:
  // `--seed=<n>` replays that order.
  testTimeout: 120_000,
  globalSetup: path.join(__dirname, 'test/globalSetup.ts'),
  globalTeardown: path.join(__dirname, 'test/globalTeardown.ts'),
  reporters: [
    'default',
    [
      path.join(__dirname, '../../scripts/jest-json-reporter.cjs'),
      { outputFile: path.join(__dirname, 'reports', onPostgres ? 'jest-pg.json' : 'jest.json') },
    ],
  ],
};
