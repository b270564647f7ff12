/**
 * Shared steps for the account, discovery and chat journeys: signing in and out, checking a
 * screen at every width, reading the mail outbox, making test images, and collecting every
 * problem of a journey so one run reports all of them. Not a journey file (no .e2e.ts suffix).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  ExpectationError,
  resizeTo,
  screenshot,
  SCREEN_WIDTHS,
  type PageSession,
} from '../helpers/index.js';

export { DEMO_PASSWORD };
export const BUYER = 'ana.silva@demo.mayamarket.example';
export const BUYER_NAME = 'Ana Silva';
export const SELLER = 'bright-reach-studio-0@demo.mayamarket.example';
export const SELLER_NAME = 'Bright Reach Studio';

export type Portal = '/buyerauth' | '/sellerauth';

/** A name no earlier run or journey used. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e4)}`;
}

/** Holds the app's scripts back until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Signs in through a portal's form and waits for the signed-in home page. */
export async function signIn(
  session: PageSession,
  portal: Portal,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await session.goto(portal);
  await fillSignIn(session.page, email, password);
  await session.page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  await session.settle();
}

/** Signs in over the API, with no page: the account's id and email (as the payment provider knows them). */
export async function accountOf(
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ id: string; email: string }> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(response.ok, `signing in as ${email} over the API answered ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string; email: string } };
  return user;
}

/** Changes the interface language with the top bar's buttons ("Português (PT)", "English (EN)"). */
export async function switchLanguage(session: PageSession, name: string): Promise<void> {
  await session.page.getByRole('banner').getByRole('group').getByRole('button', { name }).click();
}

/** The words of "Get quotes for me" on /assistant, in each language. */
const QUOTE_FORM = {
  en: {
    open: 'Get quotes for me',
    describe: 'Describe what you need',
    read: 'Read it',
    send: /^Send to \d businesses?$/,
  },
  pt: {
    open: 'Pedir orçamentos',
    describe: 'Descreva o que você precisa',
    read: 'Ler',
    send: /^Enviar para \d empresas?$/,
  },
} as const;

/**
 * On /assistant, "Get quotes for me" with `need` described and read: answers the brief's form
 * and its send button once Maya's reading is in it. Nothing is sent.
 */
export async function requestQuote(
  session: PageSession,
  need: string,
  language: keyof typeof QUOTE_FORM = 'en',
): Promise<{ form: Locator; send: Locator }> {
  const words = QUOTE_FORM[language];
  await session.goto('/assistant');
  await session.page.getByRole('button', { name: words.open }).click();
  const form = session.page.getByRole('dialog', { name: new RegExp(words.open) });
  await form.getByLabel(words.describe).fill(need);
  await form.getByRole('button', { name: words.read }).click();
  const send = form.getByRole('button', { name: words.send });
  await send.waitFor({ timeout: 20_000 });
  return { form, send };
}

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The top bar's Logout (the side drawer has one too), then the toast and the landing page. */
export async function signOut(session: PageSession): Promise<void> {
  await session.page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await session.page.getByText('Signed out successfully').waitFor({ timeout: 10_000 });
  await session.page.waitForURL((url) => url.pathname === '/');
  await session.settle();
}

/** A toast (react-toastify) that says this. */
export async function expectToast(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page
    .locator('.Toastify__toast')
    .filter({ hasText: text })
    .first()
    .waitFor({ timeout })
    .catch(() => {
      throw new ExpectationError(
        `${page.url()}: the toast "${text}" did not appear in ${timeout / 1000} s`,
      );
    });
}

/**
 * The screen at every width: a full-page screenshot (test-results/screenshots/<name>-<w>.png)
 * and an axe check. Returns the axe problems rather than throwing, and leaves the page at 1280.
 */
export async function checkEveryWidth(session: PageSession, name: string): Promise<string[]> {
  const problems: string[] = [];
  // From the top: scrolled, the sticky top bar would be painted over the middle of the picture.
  await session.page.evaluate(() => window.scrollTo(0, 0));
  for (const width of SCREEN_WIDTHS) {
    await resizeTo(session.page, width);
    await screenshot(session.page, name);
    await expectNoAxeViolations(session.page, `${name}-${width}`).catch((error: Error) =>
      problems.push(error.message),
    );
  }
  await resizeTo(session.page, 1280);
  return problems;
}

/** A PNG of one colour with a file name, for file inputs. */
export async function pngFile(
  name: string,
  background: string,
  width = 640,
  height = 480,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (nodemailer writes text this way). */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replaceAll(/=\r?\n/g, '')
    .replaceAll(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * The reset link of the newest mail to `email` in the server's outbox (DATA_DIR/outbox), as a
 * same-origin path; with `page: '/sign-in-link'`, the sign-in link. Waits for the mail: the
 * server sends it after it has answered.
 */
export async function resetLinkFromOutbox(
  dataDir: string,
  email: string,
  options: { notIn?: Set<string>; timeoutMs?: number; page?: string } = {},
): Promise<{ path: string; file: string }> {
  const page = options.page ?? '/reset-password';
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.eml') && !options.notIn?.has(file))
      .sort()
      .reverse(); // uuidv7 names: the newest first
    for (const file of files) {
      const raw = await readFile(join(outbox, file), 'utf8');
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      const to = /^To:\s*(.+)$/im.exec(head)?.[1]?.trim().toLowerCase() ?? '';
      if (!to.includes(email.toLowerCase())) continue;
      let body = rest.join('\n\n');
      if (/^Content-Transfer-Encoding:\s*quoted-printable/im.test(head)) {
        body = decodeQuotedPrintable(body);
      }
      const link = new RegExp(`https?://\\S+?${page}\\?token=[A-Za-z0-9_-]+`).exec(body)?.[0];
      expect(
        link,
        `the newest mail to ${email} (${join(outbox, file)}) has no ${page} link:\n${body}`,
      );
      const url = new URL(link);
      return { path: `${url.pathname}${url.search}`, file };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new ExpectationError(`no mail to ${email} arrived in ${outbox}`);
}

/** The names on the directory's cards, in order. */
export async function cardNames(page: Page): Promise<string[]> {
  const names = await page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts();
  return names.map((name) => name.trim());
}

/**
 * A journey's findings: axe problems and page issues are collected so one run shows them all,
 * while a broken step ends the journey at once. Either way the report lists everything found so
 * far, with a screenshot of every page as it was when the journey stopped.
 */
export class Findings {
  readonly problems: string[] = [];
  private readonly sessions: { label: string; session: PageSession }[] = [];

  constructor(private readonly prefix: string) {}

  /** Remembers a page so its console errors and failed requests are reported at the end. */
  track<T extends PageSession>(label: string, session: T): T {
    this.sessions.push({ label, session });
    return session;
  }

  /** Axe and screenshots at every width; problems are kept for the end. */
  async screen(session: PageSession, name: string): Promise<void> {
    this.problems.push(...(await checkEveryWidth(session, `${this.prefix}-${name}`)));
  }

  private pageIssues(): string[] {
    const issues: string[] = [];
    for (const { label, session } of this.sessions) {
      try {
        session.expectNoIssues();
      } catch (error) {
        issues.push(`[${label}] ${(error as Error).message}`);
      }
    }
    return issues;
  }

  /** Runs the journey body; throws once with every problem found. */
  async run(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      const shots: string[] = [];
      for (const { label, session } of this.sessions) {
        const path = await screenshot(session.page, `${this.prefix}-failure-${label}`).catch(
          () => undefined,
        );
        if (path) shots.push(`  ${label} at ${session.page.url()}: ${path}`);
      }
      const message =
        error instanceof ExpectationError
          ? error.message
          : ((error as Error).stack ?? String(error));
      throw new ExpectationError(
        [
          `The journey stopped: ${message}`,
          shots.length > 0 ? `Pages when it stopped:\n${shots.join('\n')}` : '',
          ...this.problems,
          ...this.pageIssues(),
        ]
          .filter(Boolean)
          .join('\n'),
      );
    }
    const all = [...this.problems, ...this.pageIssues()];
    expect(all.length === 0, all.join('\n'));
  }
}
