// The shared jest settings plus: long timeouts (real servers, real databases) and one report per
// database target: reports/jest.json (PGlite) and reports/jest-pg.json (PostgreSQL, when DATABASE_URL is set).
const path = require('node:path');
const base = require('../../jest.base.cjs')({ dir: __dirname, env: 'node' });

const onPostgres = process.env.ADMIN_API_TEST_DB === 'postgres';

// On PostgreSQL the suite runs again for the files whose subject is what differs from PGlite: a
// server's pool and concurrency (money applied exactly once under concurrent retries, throttle
// counts atomic under a burst, sessions), its migrations, and two instances on one database. The
// rest, SQL on the same engine, runs on PGlite only: the test command keeps its time on two cores.
const ON_POSTGRES_TOO = ['migrations', 'money', 'passwordThrottle', 'sessions', 'twoMachines'];

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
