import { expectNoAxeViolations } from './axe.js';
import type { PageSession } from './browser.js';
import { resizeTo, screenshot } from './screenshot.js';

/** A phone's width and a laptop's: the two every journey's screens are shown at. */
export const PHOTO_WIDTHS = [375, 1280] as const;

export interface PhotographOptions {
  /** A page wider than the window (one that scrolls sideways) is a problem too. */
  fitsWidth?: boolean;
}

/**
 * A screen photographed from its top at 375 and 1280 px
 * (test-results/screenshots/<name>-<width>.png) and checked with axe at each. Axe's findings (and,
 * with `fitsWidth`, a sideways scroll) go into `problems`, so a journey goes on and reports them
 * all at its end; the page is left at 1280 px.
 */
export async function photograph(
  session: PageSession,
  name: string,
  problems: string[],
  options: PhotographOptions = {},
): Promise<void> {
  // Scrolled, the sticky top bar would be painted over the middle of the picture.
  await session.page.evaluate(() => window.scrollTo(0, 0));
  for (const width of PHOTO_WIDTHS) {
    await resizeTo(session.page, width);
    await session.settle();
    await screenshot(session.page, name);
    await expectNoAxeViolations(session.page, `${name}-${width}`).catch((error: Error) =>
      problems.push(error.message),
    );
    if (options.fitsWidth) {
      const overflow = await session.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) problems.push(`${name} scrolls sideways at ${width} px`);
    }
  }
  await resizeTo(session.page, 1280);
}
