// Playwright reporter: the run fails when any test was skipped (test.skip/fixme, a skipped dependency,
// or tests left out by `.only`). A skipped e2e test is a user flow CI did not check.
// Set ALLOW_SKIPPED_TESTS=1 to only warn (ignored when CI is set).
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class FailOnSkipReporter implements Reporter {
  private readonly skipped: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    // Retries are off, but count a test once even if a later attempt ran.
    if (result.status === 'skipped' && test.results.at(-1) === result) {
      const project = test.parent.project()?.name ?? '?';
      this.skipped.push(`  [${project}] ${test.titlePath().slice(2).join(' › ')}`);
    }
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    if (this.skipped.length === 0) return undefined;
    const allowed = !process.env.CI && process.env.ALLOW_SKIPPED_TESTS === '1';
    console.error(
      `\n[fail-on-skip] ${allowed ? 'warning' : 'error'}: ${this.skipped.length} test(s) skipped:\n${this.skipped.join('\n')}\n`,
    );
    if (allowed || result.status !== 'passed') return undefined;
    return { status: 'failed' };
  }

  printsToStdio(): boolean {
    return false;
  }
}
