// jest's jsdom environment with bail for mutation runs (./bail.cjs).
module.exports = require('./bail.cjs')(require('jest-environment-jsdom').TestEnvironment);
