// Sums the JSON reports of every test layer and prints one 'N passed, N failed' line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
// Only the JSON reports: the directory also holds the type check's log.
for (const file of fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
  : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if ('numPassedTests' in report) {
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
    // A test file that failed without a failing test (its beforeAll threw, or it did not load): its tests count as
    // skipped, so the file itself counts as a failure.
    f += (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
  } else if (report.stats) {
    p = report.stats.expected;
    f = report.stats.unexpected + (report.stats.flaky ?? 0);
    s = report.stats.skipped;
  }
  rows.push(`${file.replace(/\.json$/, '').padEnd(18)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  passed += p;
  failed += f;
  skipped += s;
}
for (const row of rows) console.log(row);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
