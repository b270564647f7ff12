/**
 * The installable app: the manifest is linked and served, the service worker takes control after
 * the page is live, a shell page loads offline from its cache, the top bar's parts that load apart
 * are kept from the start (a visitor never loads them), and API answers never come from the
 * worker or its caches. The account page offers notifications on this device (the suite's
 * server has VAPID keys), in English and Portuguese (install-device-*.png at 375 and 1280 px).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, expectNoAxeViolations, journey, resizeTo } from '../helpers/index.js';
import { screenshotsDir } from '../helpers/paths.js';
import { BUYER, signIn } from './support.js';

interface Manifest {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose?: string }[];
}

/** Waits for the service worker to be active and in control of the page. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
}

journey(
  'install: the app is installable, opens offline from its shell and never caches the API',
  async ({ newPage }) => {
    const session = await newPage({ contextOptions: { serviceWorkers: 'allow' } });
    const { page, context } = session;
    await session.goto('/pricing');
    await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);

    // The manifest: linked from the page, served as a manifest, with the icons it names.
    const linked = await page.evaluate(() => ({
      manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href,
      themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
      touchIcon: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href,
    }));
    expect(linked.manifest?.endsWith('/manifest.webmanifest') === true, 'no <link rel="manifest">');
    expect(linked.themeColor === '#283593', `theme-color is ${linked.themeColor}`);
    const answer = await page.request.get('/manifest.webmanifest');
    expect(answer.status() === 200, `the manifest answered ${answer.status()}`);
    expect(
      /^application\/manifest\+json/.test(answer.headers()['content-type'] ?? ''),
      `the manifest is served as ${answer.headers()['content-type']}`,
    );
    const manifest = (await answer.json()) as Manifest;
    expect(
      manifest.display === 'standalone' && manifest.start_url === '/',
      'manifest: display, start_url',
    );
    expect(
      manifest.icons.some((icon) => icon.purpose === 'maskable'),
      'no maskable icon',
    );
    for (const src of [
      ...manifest.icons.map((icon) => icon.src),
      new URL(linked.touchIcon!).pathname,
    ]) {
      const icon = await page.request.get(src);
      expect(
        icon.status() === 200 && icon.headers()['content-type'] === 'image/png',
        `${src} answered ${icon.status()} ${icon.headers()['content-type']}`,
      );
    }

    // The worker registers once the page is live and takes control.
    await workerInControl(page);
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control'] === 'no-cache', '/sw.js is not served no-cache');

    // Online, an API request goes to the server, never to the worker.
    const sessionAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/auth/session'),
    );
    await page.reload({ waitUntil: 'load' });
    const apiResponse = await sessionAnswer;
    expect(!apiResponse.fromServiceWorker(), '/api/v1/auth/session was answered by the worker');
    await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
    session.expectNoIssues();

    // Offline: the page reloads from the worker's copy of the shell and the app starts.
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: /pricing/i }).waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
    // A signed-in screen's shell too, at a deeper URL, and a page the build does not know.
    for (const path of ['/inbox/01900000-0000-7000-8000-000000000001', '/reset-password']) {
      await page.goto(new URL(path, session.baseUrl).toString(), { waitUntil: 'load' });
      const shell = await page.evaluate(() => ({
        title: document.title,
        root: document.getElementById('root') !== null,
      }));
      expect(shell.root && /Maya Market/.test(shell.title), `offline, ${path} showed no app shell`);
    }
    // Offline, the API fails as it would without a worker: nothing answers it from a cache.
    const offlineApi = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/v1/config');
        return `answered ${response.status}`;
      } catch {
        return 'failed';
      }
    });
    expect(offlineApi === 'failed', `offline, /api/v1/config ${offlineApi}`);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length > 0, 'the worker cached nothing');
    const forbidden = cached.filter((url) =>
      /\/(api|socket\.io|uploads)\/|\/(metrics|readyz|healthz)/.test(new URL(url).pathname),
    );
    expect(forbidden.length === 0, `cached: ${forbidden.join(', ')}`);
    // The chats link and the email banner only a signed-in page loads: kept all the same, so the
    // bars of someone who goes offline before they came still draw.
    for (const part of ['chats-link', 'email-banner']) {
      const kept = cached.some((url) => new RegExp(`/assets/${part}-[\\w-]+\\.js$`).test(url));
      expect(kept, `the worker did not keep the ${part} chunk: ${cached.join(', ')}`);
    }
    await context.setOffline(false);
  },
);

/** The device notifications section, scrolled into view and photographed. */
async function photographDevice(page: Page, name: string, title: string): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  const section = page.getByRole('region', { name: title });
  await section.getByRole('switch').waitFor({ timeout: 10_000 });
  for (const width of [375, 1280]) {
    await resizeTo(page, width);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({
      path: join(screenshotsDir, `${name}-${width}.png`),
      animations: 'disabled',
    });
  }
}

journey(
  'install: the account page offers notifications on this device, in English and Portuguese',
  async ({ newPage }) => {
    const session = await newPage();
    const { page } = session;
    await signIn(session, '/buyerauth', BUYER);
    await session.goto('/account');
    await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);

    const english = page.getByRole('region', { name: 'Notifications on this device' });
    const toggle = english.getByRole('switch', { name: 'Notify me about new messages' });
    await toggle.waitFor({ timeout: 10_000 });
    expect(!(await toggle.isChecked()), 'the device switch is on before anyone turned it on');
    await photographDevice(page, 'install-device-en', 'Notifications on this device');
    await expectNoAxeViolations(page, 'install-device-en');

    await resizeTo(page, 1280);
    await page
      .getByRole('banner')
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'Português (PT)' })
      .click();
    await photographDevice(page, 'install-device-pt', 'Notificações neste dispositivo');
    await expectNoAxeViolations(page, 'install-device-pt');
    session.expectNoIssues();
  },
);
