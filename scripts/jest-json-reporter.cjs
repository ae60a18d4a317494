// Writes { passed, failed, skipped, seconds, failures } for one jest run so scripts/test-all.mjs can
// sum them and name what failed at the end of its output (and scripts/test-timings.mjs can show how
// long each run took). `failures`: "file › test" for each failed test, or the file that did not run.
const fs = require('node:fs');
const path = require('node:path');

class JsonCountReporter {
  constructor(_globalConfig, options) {
    this.outputFile = options.outputFile;
  }
  onRunComplete(_contexts, results) {
    const failures = [];
    for (const file of results.testResults) {
      const where = path.relative(process.cwd(), file.testFilePath);
      if (file.testExecError) failures.push(`${where}: ${String(file.testExecError.message).split('\n')[0]}`);
      for (const t of file.testResults) if (t.status === 'failed') failures.push(`${where} › ${t.fullName}`);
    }
    const counts = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      seconds: Math.round((Date.now() - results.startTime) / 100) / 10,
      failures,
    };
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, JSON.stringify(counts));
  }
}
module.exports = JsonCountReporter;
