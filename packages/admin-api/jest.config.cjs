// The shared jest settings plus: long timeouts (real servers, real databases) and one report per
// database target: reports/jest.json (PGlite) and reports/jest-pg.json (PostgreSQL, when DATABASE_URL is set).
const path = require('node:path');
const base = require('../../jest.base.cjs')({ dir: __dirname, env: 'node' });

const onPostgres = process.env.ADMIN_API_TEST_DB === 'postgres';

// On PostgreSQL the suite runs again for the files whose subject is the database itself: its driver,
// pool and concurrency, transactions, migrations, types and SQL under load (money applied exactly once,
// throttles counted atomically, sessions, streamed exports, lists, dates, a server killed or its
// database gone, two instances on one database). The rest is about HTTP, rules, the registry or
// files, whose SQL is the same engine's on PGlite, and runs there only: the test command keeps its
// time on two cores.
const ON_POSTGRES_TOO = [
  'dates', 'export', 'faults', 'lifecycle', 'listSorting', 'migrations', 'money', 'officeDay',
  'passwordThrottle', 'resilience', 'sessions', 'twoMachines',
];

module.exports = {
  ...base,
  ...(onPostgres ? { testMatch: ON_POSTGRES_TOO.map((name) => `<rootDir>/test/${name}.test.ts`) } : {}),
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
