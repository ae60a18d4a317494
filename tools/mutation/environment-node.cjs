// jest's node environment with bail for mutation runs (./bail.cjs).
module.exports = require('./bail.cjs')(require('jest-environment-node').TestEnvironment);
