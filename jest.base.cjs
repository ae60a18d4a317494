// Shared jest settings: the remote kit's preset (packages/remote-kit/jest/preset.cjs: SWC, shuffled
// tests, the jsdom setup), the same one a remote outside this repository tests with, and a JSON
// report of every run, which the test script sums into "N passed, N failed".
const path = require('node:path');
const remoteJestConfig = require('./packages/remote-kit/jest/preset.cjs');

/** @param {{ dir: string, env: 'node' | 'jsdom', setupFiles?: string[] }} opts */
module.exports = function jestConfig({ dir, env, setupFiles = [] }) {
  return {
    ...remoteJestConfig({ dir, env, setupFiles }),
    reporters: [
      'default',
      [
        path.join(__dirname, 'scripts/jest-json-reporter.cjs'),
        { outputFile: path.join(dir, 'reports/jest.json') },
      ],
    ],
  };
};
