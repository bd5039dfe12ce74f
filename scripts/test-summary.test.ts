import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-summary.mjs');

function summarize(reports: Record<string, unknown>): { output: string; status: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-summary-'));
  try {
    for (const [name, report] of Object.entries(reports))
      fs.writeFileSync(path.join(dir, name), JSON.stringify(report));
    try {
      return { output: execFileSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' }), status: 0 };
    } catch (error) {
      const failed = error as { stdout: string; status: number };
      return { output: failed.stdout, status: failed.status };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const vitest = (files: { status: string; tests: string[] }[]) => ({
  numPassedTests: files.flatMap((f) => f.tests).filter((t) => t === 'passed').length,
  numFailedTests: files.flatMap((f) => f.tests).filter((t) => t === 'failed').length,
  numPendingTests: files.flatMap((f) => f.tests).filter((t) => t === 'pending').length,
  testResults: files.map((f) => ({ status: f.status, assertionResults: f.tests.map((status) => ({ status })) })),
});

describe('the test summary', () => {
  it('sums passed and failed over every report and exits 0 when nothing failed', () => {
    const { output, status } = summarize({
      'vitest.json': vitest([{ status: 'passed', tests: ['passed', 'passed'] }]),
      'playwright.json': { stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 } },
    });
    expect(output.trim().split('\n').at(-1)).toBe('5 passed, 0 failed');
    expect(status).toBe(0);
  });

  it('counts a test file that failed without a failing test (its beforeAll threw) as a failure', () => {
    const { output, status } = summarize({
      'vitest.json': vitest([
        { status: 'passed', tests: ['passed'] },
        { status: 'failed', tests: ['pending', 'pending'] },
        { status: 'failed', tests: ['failed', 'passed'] },
      ]),
    });
    expect(output.trim().split('\n').at(-1)).toBe('2 passed, 2 failed, 2 skipped');
    expect(status).toBe(1);
  });
});
