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
//   in the PostgreSQL pass); skipped tests are always listed by name.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

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
let passed = 0;
let failed = 0;
const lines = [];

function readReport(file) {
  if (!file || !existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const runs = vitestRuns.map((run) => {
  const report = readReport(run.file);
  const tests = [];
  for (const suite of report?.testResults ?? []) {
    const file = relative(process.cwd(), suite.name ?? '');
    for (const test of suite.assertionResults ?? []) {
      tests.push({ key: `${file} > ${test.fullName}`, status: test.status });
    }
  }
  return { ...run, report, tests };
});
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
    continue;
  }
  const ok = run.tests.filter((test) => test.status === 'passed').length;
  const bad = run.tests.filter((test) => test.status === 'failed').length;
  const skipped = run.tests.filter((test) => !['passed', 'failed'].includes(test.status));
  let runFailed = bad;
  // Files that failed to load report no tests but still fail the suite.
  const brokenFiles = (run.report.testResults ?? []).filter(
    (suite) =>
      suite.status === 'failed' &&
      (suite.assertionResults ?? []).every((test) => test.status !== 'failed'),
  ).length;
  runFailed += brokenFiles;
  const failedOutsideTests = run.code !== 0 && runFailed === 0;
  if (failedOutsideTests) runFailed = 1;
  passed += ok;
  failed += runFailed;
  lines.push(
    `${run.label}: ${ok} passed, ${runFailed} failed, ${skipped.length} skipped${run.code !== 0 ? ` (exit code ${run.code})` : ''}`,
  );
  // Name what failed, so a run read only from its last lines still says where to look.
  if (failedOutsideTests) {
    lines.push(
      `  failed outside any test: every test passed, so look in this suite's log for "Unhandled Errors" (a promise rejected after its test) or a hook that threw`,
    );
  }
  for (const test of run.tests.filter((test) => test.status === 'failed')) {
    lines.push(`  failed: ${test.key}`);
  }
  for (const suite of (run.report.testResults ?? []).filter(
    (suite) =>
      suite.status === 'failed' &&
      (suite.assertionResults ?? []).every((test) => test.status !== 'failed'),
  )) {
    lines.push(
      `  failed to run: ${relative(process.cwd(), suite.name ?? '')}: ${String(suite.message ?? '').split('\n')[0]}`,
    );
  }
  for (const test of skipped) {
    const coveredElsewhere = passedAnywhere.has(test.key);
    if (strict && !coveredElsewhere) failed += 1;
    lines.push(
      `  skipped (${test.status}): ${test.key}${coveredElsewhere ? ' (passed in another pass)' : strict ? ' (CI=true: counted as a failure)' : ''}`,
    );
  }
}

if (e2e) {
  const text = existsSync(e2e.file) ? readFileSync(e2e.file, 'utf8') : '';
  const match = [...text.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
  if (!match) {
    failed += 1;
    lines.push(`browser suite: no summary line; exit code ${e2e.code}: counted as 1 failure`);
  } else {
    const ok = Number(match[1]);
    let bad = Number(match[2]);
    if (e2e.code !== 0 && bad === 0) bad = 1;
    passed += ok;
    failed += bad;
    lines.push(
      `browser suite: ${ok} passed, ${bad} failed${e2e.code !== 0 ? ` (exit code ${e2e.code})` : ''}`,
    );
  }
}

for (const step of stepFailures) {
  failed += 1;
  lines.push(`step failed: ${step} (counted as 1 failure)`);
}

console.log('\n==== CI summary ====');
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
