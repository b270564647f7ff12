import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotsDir } from './paths.js';

export const SCREEN_WIDTHS = [360, 768, 1280] as const;

/** Lets layout, images and fonts catch up after a viewport change. */
export async function resizeTo(page: Page, width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * A full-page screenshot at the page's current size, saved to
 * test-results/screenshots/<name>-<width>.png. Returns the file path.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotsDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(screenshotsDir, `${name}-${width}.png`);
  // Clipped to the viewport's width: Chromium's full-page size also counts content that an
  // overflow-hidden box (a carousel track) clips, which would widen the image past the layout.
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0),
  );
  await page.screenshot({
    path,
    fullPage: true,
    clip: { x: 0, y: 0, width, height },
    animations: 'disabled',
    caret: 'hide',
  });
  return path;
}

/** A file-name-safe name for a route: "/" → "root", "/sellers/:id" → "sellers-id". */
export function routeName(route: string): string {
  const name = route.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9]+/g, '-');
  return name === '' ? 'root' : name;
}
