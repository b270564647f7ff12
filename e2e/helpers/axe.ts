import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { ExpectationError } from './expect.js';
import { axeDir } from './paths.js';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** Every violation with every offending node, as a person fixing it needs to read it. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '').replaceAll('\n', '\n        ');
          const html = node.html.length > 300 ? `${node.html.slice(0, 300)}…` : node.html;
          return `    - target: ${node.target.join(' ')}\n      html: ${html}\n      ${summary}`;
        })
        .join('\n');
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** The rules and results asked of axe: every WCAG 2.0 A/AA and 2.1 AA rule, violations in full. */
const RUN_OPTIONS = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };

/**
 * A page without frames is checked in place, with axe.run: the same rules on the same nodes, and
 * in half the time of the frame-by-frame run (which opens a blank page to merge its parts). Axe's
 * source goes into the document only when it is not there yet: the screens of one document (a
 * client-side route, another width) share it, where AxeBuilder would inject it twice per run.
 */
async function runInPlace(page: Page, exclude: string[]): Promise<AxeResults> {
  const present = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  // Axe's defaults stand: it speaks to same-origin frames only, which a page without frames has.
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    ({ exclude, options }) => {
      const core = (window as unknown as { axe: typeof axe }).axe;
      const context =
        exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document;
      return core.run<AxeResults>(context as axe.ElementContext, options as axe.RunOptions);
    },
    { exclude, options: RUN_OPTIONS },
  );
}

/**
 * Runs axe (WCAG 2.0 A/AA and 2.1 AA) on the page as it is now. Writes the violations to
 * test-results/axe/<label>.json and throws with all of them in detail when there is any.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  options: { exclude?: string[] } = {},
): Promise<void> {
  const exclude = options.exclude ?? [];
  let results: AxeResults;
  if (page.frames().length === 1) {
    results = await runInPlace(page, exclude);
  } else {
    // A page with frames takes AxeBuilder's frame-by-frame run, so a violation inside a frame is
    // still found.
    let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
    for (const selector of exclude) builder = builder.exclude(selector);
    results = await builder.analyze();
  }
  await mkdir(axeDir, { recursive: true });
  await writeFile(
    join(axeDir, `${label}.json`),
    `${JSON.stringify({ url: results.url, violations: results.violations }, null, 2)}\n`,
  );
  if (results.violations.length > 0) {
    const count = results.violations.reduce(
      (total, violation) => total + violation.nodes.length,
      0,
    );
    throw new ExpectationError(
      `axe found ${results.violations.length} violation(s) on ${count} node(s) at ${label} (${results.url}):\n${formatViolations(results.violations)}`,
    );
  }
}
