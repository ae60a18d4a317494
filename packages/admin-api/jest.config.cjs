// The shared jest settings plus: long timeouts (real servers, real databases) and one report per
// database target: reports/jest.json (PGlite) and reports/jest-pg.json (PostgreSQL, when DATABASE_URL is set).
const path = require('node:path');
const base = require('../../jest.base.cjs')({ dir: __dirname, env: 'node' });

const onPostgres = process.env.ADMIN_API_TEST_DB === 'postgres';
module.exports = {
  ...base,
  // Not shuffled yet: these files are stories whose tests build on the ones before them (a session,
  // a release or a clock set by an earlier test), and fail in another order (seed 461004468): auth,
  // authRules, imageProxy, releases, releaseCommands, sessions, stepUp. Every other package
  // shuffles; `--randomize` shows them here. (administrators and projects pass shuffled now.)
  randomize: false,
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
