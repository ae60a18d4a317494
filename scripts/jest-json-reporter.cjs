// Writes { passed, failed, skipped, seconds } for one jest run so scripts/test-all.mjs can sum them
// (and scripts/test-timings.mjs can show how long each run took).
const fs = require('node:fs');
const path = require('node:path');

class JsonCountReporter {
  constructor(_globalConfig, options) {
    this.outputFile = options.outputFile;
  }
  onRunComplete(_contexts, results) {
    const counts = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      seconds: Math.round((Date.now() - results.startTime) / 100) / 10,
    };
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, JSON.stringify(counts));
  }
}
module.exports = JsonCountReporter;
