// A vitest reporter that keeps what the JSON reporter drops: the errors of a suite or a file as a
// whole (a beforeAll or afterAll that threw, a file that failed to load). It writes them beside
// the JSON report, as <report>.suite-errors.json, for .ci/summary.mjs to quote.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

export default class SuiteErrorsReporter {
  onInit(vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules) {
    const output = this.vitest?.config?.outputFile;
    const report = typeof output === 'string' ? output : output?.json;
    if (!report) return;
    const found = [];
    for (const testModule of testModules) {
      const file = relative(process.cwd(), testModule.moduleId);
      const keep = (where, errors) => {
        for (const error of errors) {
          found.push({ file, where, message: String(error.message ?? ''), stack: error.stack });
        }
      };
      keep(file, testModule.errors());
      for (const suite of testModule.children.allSuites()) {
        keep(`${file} > ${suite.fullName}`, suite.errors());
      }
    }
    mkdirSync(dirname(report), { recursive: true });
    writeFileSync(report.replace(/\.json$/, '') + '.suite-errors.json', JSON.stringify(found));
  }
}
