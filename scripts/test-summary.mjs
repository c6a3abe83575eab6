#!/usr/bin/env node
// Summarise a scripts/test.sh run: `node scripts/test-summary.mjs <steps.tsv>`.
// steps.tsv has one line per step: name <TAB> exit code <TAB> seconds <TAB> kind <TAB> report path
//   (the report may be split: every `<report path>.*.json` is added in)
//   kind: vitest | playwright | step   (report: a JSON report for vitest/playwright, else '-')
// Prints a table, then the final line `N passed, N failed` (read by CI) counting vitest + Playwright tests.
// A skipped/todo test counts as failed. A step that failed without a failed test in its report (type
// errors, lint, build, a crash, no report at all) counts as one failure, so the line never reads
// "0 failed" for a red run. The failed tests are listed, with the first lines of their errors, above the table:
// CI keeps only the tail of the log. Exit code: 0 when nothing failed, else 1.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [stepsFile] = process.argv.slice(2);
if (!stepsFile) {
  console.error('usage: test-summary.mjs <steps.tsv>');
  process.exit(2);
}

/** A step's report may be split over several files: `<report>`, `<report>.*.json`. */
function readReport(kind, path) {
  if (!path || path === '-') return null;
  const dir = dirname(path);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .map((name) => join(dir, name))
        .filter((file) => file === path || (file.startsWith(`${path}.`) && file.endsWith('.json')))
    : [];
  const counts = files.map((file) => readOne(kind, file)).filter(Boolean);
  if (counts.length === 0) return null;
  return counts.reduce((a, b) => ({
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
    failures: [...a.failures, ...b.failures],
  }));
}

const firstLines = (text, count = 4) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are stripped
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, count);

function vitestFailures(json) {
  return (json.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status !== 'passed')
      .map((test) => ({
        title: `${file.name.replace(/^.*?\/(apps|packages|e2e|bench|scripts)\//, '$1/')} › ${test.fullName} (${test.status})`,
        error: firstLines((test.failureMessages ?? []).join('\n')),
      })),
  );
}

function playwrightFailures(json) {
  const walk = (suite) => [
    ...(suite.suites ?? []).flatMap(walk),
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status !== 'expected')
        .map((test) => ({
          title: `${spec.file}:${spec.line} › [${test.projectName}] ${spec.title} (${test.status})`,
          error: firstLines(test.results?.find((result) => result.error)?.error?.message),
        })),
    ),
  ];
  return (json.suites ?? []).flatMap(walk);
}

function readOne(kind, path) {
  let json;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  if (kind === 'vitest') {
    return {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      failures: vitestFailures(json),
    };
  }
  if (kind === 'playwright') {
    const s = json.stats ?? {};
    return {
      passed: s.expected ?? 0,
      failed: (s.unexpected ?? 0) + (s.flaky ?? 0),
      skipped: s.skipped ?? 0,
      failures: playwrightFailures(json),
    };
  }
  return null;
}

const rows = readFileSync(stepsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [name, rc, seconds, kind, report] = line.split('\t');
    return { name, rc: Number(rc), seconds: Number(seconds), kind, report, counts: readReport(kind, report) };
  });

// What failed a step outside its tests (an e2e pass's CSP violations), so the summary names every cause.
for (const row of rows) {
  const problems =
    row.report && existsSync(`${row.report}.problems`) ? readFileSync(`${row.report}.problems`, 'utf8').trim() : '';
  if (!problems) continue;
  console.log(`[${row.name}] failed outside its tests:`);
  for (const line of problems.split('\n')) console.log(`  ${line}`);
  console.log();
}

const failures = rows.flatMap((row) => row.counts?.failures.map((failure) => ({ step: row.name, ...failure })) ?? []);
if (failures.length > 0) {
  console.log('failed or skipped tests:');
  for (const failure of failures) {
    console.log(`  [${failure.step}] ${failure.title}`);
    for (const line of failure.error) console.log(`      ${line}`);
  }
  console.log();
}

let passed = 0;
let failed = 0;
const width = Math.max(4, ...rows.map((r) => r.name.length));
console.log(`${'step'.padEnd(width)}  result  seconds  tests`);
for (const row of rows) {
  const c = row.counts;
  let stepFailures = 0;
  if (c) {
    passed += c.passed;
    stepFailures = c.failed + c.skipped;
  }
  if (row.rc !== 0 && stepFailures === 0) stepFailures = 1;
  failed += stepFailures;
  const tests = c ? `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : '';
  const result = row.rc === 0 ? 'ok' : row.rc === -1 ? 'NOT RUN' : `FAIL(${row.rc})`;
  console.log(`${row.name.padEnd(width)}  ${result.padEnd(6)}  ${row.seconds.toFixed(1).padStart(7)}  ${tests}`);
}
const total = rows.reduce((sum, r) => sum + r.seconds, 0);
console.log(`${'total'.padEnd(width)}          ${total.toFixed(1).padStart(7)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
