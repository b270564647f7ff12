import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
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

/**
 * Runs axe (WCAG 2.0 A/AA and 2.1 AA) on the page as it is now. Writes the violations to
 * test-results/axe/<label>.json and throws with all of them in detail when there is any.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  options: { exclude?: string[] } = {},
): Promise<void> {
  // A page without frames is checked in place (axe.run): the same rules on the same nodes, and
  // in half the time of the frame-by-frame run, which opens a blank page to merge its parts.
  // A page with frames takes that run, so a violation inside a frame is still found.
  let builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(page.frames().length === 1);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
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
