const config = require('../../jest.base.cjs')({ dir: __dirname, env: 'jsdom' });
// tools/federation's modules are .mjs (test/staticServer.test.ts makes stored copies with precompress.mjs).
config.transform = { ...config.transform, '^.+\\.mjs$': config.transform['^.+\\.(t|j)sx?$'] };
// What the shell's build defines (tools/federation/build.mjs) and its check of a remote reads.
const { shellProvides } = require('../../tools/federation/shared-client-usage.mjs');
const { antdSharedExports } = require('../../tools/federation/shared.mjs');
process.env.SHELL_PROVIDES = JSON.stringify(shellProvides(__dirname, antdSharedExports()));
module.exports = config;
