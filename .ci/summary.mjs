// Adds up what .ci/run ran and prints one line `N passed, N failed` last; exits 1 if N failed > 0.
//
//   node .ci/summary.mjs --vitest <label> <report.json> <exit code>   (repeatable)
//                        --e2e <output.log> <exit code>
//                        --step-failed <name>                           (repeatable)
//
// Rules, so that "0 failed" always means everything ran and passed:
// - a suite that exits non-zero without a failed test in its report counts as 1 failure;
// - a missing or unreadable report counts as 1 failure;
// - a step that is not a test suite (npm ci, lint, typecheck, …) counts as 1 failure when it fails;
// - with CI=true, a test skipped in one vitest pass counts as a failure unless it passed in
//   another pass (the PostgreSQL-only tests are skipped on the embedded database and must pass
//   in the PostgreSQL pass). A skipped test that passed elsewhere is counted; any other is named.
//
// A run is often read only from its last lines, so the failures come last, each with the first
// lines of why: a test's assertion, a file's load error, the browser suite's own words.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const args = process.argv.slice(2);
const vitestRuns = [];
const stepFailures = [];
let e2e;
for (let index = 0; index < args.length; index += 1) {
  const flag = args[index];
  if (flag === '--vitest') {
    vitestRuns.push({
      label: args[index + 1],
      file: args[index + 2],
      code: Number(args[index + 3]),
    });
    index += 3;
  } else if (flag === '--e2e') {
    e2e = { file: args[index + 1], code: Number(args[index + 2]) };
    index += 2;
  } else if (flag === '--step-failed') {
    stepFailures.push(args[index + 1]);
    index += 1;
  } else {
    console.error(`summary: unknown argument ${flag}`);
    process.exit(2);
  }
}

const strict = process.env.CI === 'true' || process.env.CI === '1';
/** Lines of a reason kept in the summary, and reasons kept per suite. */
const REASON_LINES = 12;
const REASONS_PER_SUITE = 4;
let passed = 0;
let failed = 0;
const lines = [];
const failures = [];

function readReport(file) {
  if (!file || !existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The first lines of a reason, without terminal colours, indented under its heading. */
function excerpt(text, count = REASON_LINES) {
  const clean = stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const kept = clean.slice(0, count).map((line) => `    ${line}`);
  if (clean.length > count) kept.push(`    … ${clean.length - count} more lines in the log`);
  return kept;
}

const runs = vitestRuns.map((run) => {
  const report = readReport(run.file);
  const tests = [];
  for (const suite of report?.testResults ?? []) {
    const file = relative(process.cwd(), suite.name ?? '');
    for (const test of suite.assertionResults ?? []) {
      tests.push({
        key: `${file} > ${test.fullName}`,
        status: test.status,
        why: (test.failureMessages ?? []).join('\n'),
      });
    }
  }
  return { ...run, report, tests, suiteErrors: readSuiteErrors(run.file) };
});

/** What .ci/suite-errors-reporter.mjs kept beside a report: errors of suites as a whole. */
function readSuiteErrors(file) {
  const kept = readReport(String(file ?? '').replace(/\.json$/, '') + '.suite-errors.json');
  return Array.isArray(kept) ? kept : [];
}
const passedAnywhere = new Set(
  runs.flatMap((run) =>
    run.tests.filter((test) => test.status === 'passed').map((test) => test.key),
  ),
);

for (const run of runs) {
  if (!run.report) {
    failed += 1;
    lines.push(
      `${run.label}: no report (${run.file}); exit code ${run.code}: counted as 1 failure`,
    );
    failures.push(`${run.label}: no report; its log above says why`);
    continue;
  }
  const ok = run.tests.filter((test) => test.status === 'passed').length;
  const bad = run.tests.filter((test) => test.status === 'failed');
  const skipped = run.tests.filter((test) => !['passed', 'failed'].includes(test.status));
  // Files that failed to load report no tests but still fail the suite.
  const brokenFiles = (run.report.testResults ?? []).filter(
    (suite) =>
      suite.status === 'failed' &&
      (suite.assertionResults ?? []).every((test) => test.status !== 'failed'),
  );
  let runFailed = bad.length + brokenFiles.length;
  const failedOutsideTests = run.code !== 0 && runFailed === 0;
  if (failedOutsideTests) runFailed = 1;
  passed += ok;
  failed += runFailed;
  const skippedElsewhere = skipped.filter((test) => passedAnywhere.has(test.key));
  const skippedHere = skipped.filter((test) => !passedAnywhere.has(test.key));
  lines.push(
    `${run.label}: ${ok} passed, ${runFailed} failed, ${skipped.length} skipped` +
      (skippedElsewhere.length > 0 ? ` (${skippedElsewhere.length} passed in another pass)` : '') +
      (run.code !== 0 ? ` (exit code ${run.code})` : ''),
  );
  for (const test of skippedHere) {
    if (strict) failed += 1;
    lines.push(
      `  skipped (${test.status}): ${test.key}${strict ? ' (CI=true: counted as a failure)' : ''}`,
    );
  }
  if (failedOutsideTests) {
    failures.push(
      `${run.label}: failed outside any test: every test passed, so look in this suite's log for "Unhandled Errors" (a promise rejected after its test) or a hook that threw`,
    );
  }
  for (const [index, test] of bad.entries()) {
    failures.push(`${run.label}: failed: ${test.key}`);
    if (index < REASONS_PER_SUITE) failures.push(...excerpt(test.why));
  }
  for (const suite of brokenFiles) {
    const file = relative(process.cwd(), suite.name ?? '');
    failures.push(`${run.label}: failed to run: ${file}`, ...excerpt(suite.message, 6));
    for (const error of run.suiteErrors.filter((kept) => kept.file === file)) {
      failures.push(`  in ${error.where}:`, ...excerpt(error.stack ?? error.message, 8));
    }
  }
}

/** The runner's indented lines that follow a heading (an error), up to its next own line. */
function indented(following) {
  const body = [];
  for (const line of following) {
    if (line.trim() !== '' && !/^\s/.test(line)) break;
    body.push(line.replace(/^ {4}/, ''));
  }
  return body.join('\n');
}

/**
 * Why the browser suite failed, from its log: the words of a setup that could not run, or else the
 * first failed journeys' errors.
 */
function browserReasons(text) {
  const logLines = text.replace(/\r/g, '').split('\n');
  const reasons = [];
  const launch = logLines.find((line) => line.startsWith('chromium.launch failed'));
  if (launch) reasons.push(`  ${launch}`);
  const setup = logLines.findIndex((line) => line.startsWith('The browser suite could not run'));
  if (setup >= 0) {
    reasons.push(`  ${logLines[setup]}`, ...excerpt(indented(logLines.slice(setup + 1)), 20));
    return reasons;
  }
  let shown = 0;
  for (const [index, line] of logLines.entries()) {
    if (!line.startsWith('FAIL  ') || shown >= REASONS_PER_SUITE) continue;
    shown += 1;
    reasons.push(`  ${line}`, ...excerpt(indented(logLines.slice(index + 1))));
  }
  return reasons;
}

if (e2e) {
  const text = existsSync(e2e.file) ? readFileSync(e2e.file, 'utf8') : '';
  const match = [...text.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
  if (!match) {
    failed += 1;
    lines.push(`browser suite: no summary line; exit code ${e2e.code}: counted as 1 failure`);
    failures.push('browser suite: no summary line; the last lines of its log:');
    failures.push(...excerpt(text.trimEnd().split('\n').slice(-REASON_LINES).join('\n')));
  } else {
    const ok = Number(match[1]);
    let bad = Number(match[2]);
    if (e2e.code !== 0 && bad === 0) bad = 1;
    passed += ok;
    failed += bad;
    lines.push(
      `browser suite: ${ok} passed, ${bad} failed${e2e.code !== 0 ? ` (exit code ${e2e.code})` : ''}`,
    );
    if (bad > 0) failures.push('browser suite:', ...browserReasons(text));
  }
}

for (const step of stepFailures) {
  failed += 1;
  lines.push(`step failed: ${step} (counted as 1 failure)`);
}

console.log('\n==== CI summary ====');
for (const line of lines) console.log(line);
if (failures.length > 0) {
  console.log('\n---- what failed, and why ----');
  for (const line of failures) console.log(line);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
