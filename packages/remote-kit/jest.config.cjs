// The kit's own tests: the shared settings, in node (they pack, scaffold, install and build; no DOM).
module.exports = require('../../jest.base.cjs')({ dir: __dirname, env: 'node' });
