// Writes `{ passed, failed, skipped, failures }` for the whole run (reports/e2e.json), which the
// workspace's test script sums into its summary. A flaky test (passed on retry) counts as passed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private suite: Suite | null = null;
  constructor(private readonly options: { outputFile?: string } = {}) {}

  onBegin(_config: unknown, suite: Suite) {
    this.suite = suite;
  }

  onEnd(result: FullResult) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failures: string[] = [];
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') counts.passed += 1;
      else if (outcome === 'skipped') counts.skipped += 1;
      else {
        counts.failed += 1;
        failures.push(`${test.location.file.split('/tests/')[1] ?? test.location.file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`);
      }
    }
    // A run that broke before any test (global setup failed) must not read as green.
    if (result.status !== 'passed' && counts.failed === 0) counts.failed = 1;
    const file = resolve(this.options.outputFile ?? 'reports/e2e.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...counts, failures, status: result.status }, null, 2)}\n`);
  }

  printsToStdio() {
    return false;
  }
}
