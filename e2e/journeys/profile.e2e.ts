/**
 * A business's own face, and the links mail brings people back by: a business signs up with its
 * business name (no person's names asked) and a sector from the full list, then changes its logo
 * on /account, the old image's file going; /account opened signed out asks for the one sign-in
 * and comes back to /account after it, for a client and for a business. In English and in
 * Portuguese, photographed at 375 and 1280 px (profile-*.png) and checked with axe.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  expect,
  expectNoAxeViolations,
  journey,
  repoRoot,
  resizeTo,
  screenshot,
  type PageSession,
} from '../helpers/index.js';
import { BUYER, DEMO_PASSWORD, SELLER, pngFile, resetLinkFromOutbox } from './support.js';

type Language = 'en' | 'pt';
type Catalog = Record<string, Record<string, string>>;

const WIDTHS = [375, 1280] as const;

async function catalog(language: Language): Promise<Catalog> {
  const file = join(repoRoot, 'apps/web/src/lib/i18n/locales', `${language}.json`);
  return JSON.parse(await readFile(file, 'utf8')) as Catalog;
}

/** A page whose interface speaks `language` from its first paint. */
async function speaking(session: PageSession, language: Language): Promise<PageSession> {
  await session.context.addInitScript((value) => {
    localStorage.setItem('language', value);
  }, language);
  return session;
}

/** Screenshots at 375 and 1280 px and an axe check at each; problems are returned. */
async function photograph(session: PageSession, name: string): Promise<string[]> {
  const problems: string[] = [];
  await session.page.evaluate(() => window.scrollTo(0, 0));
  for (const width of WIDTHS) {
    await resizeTo(session.page, width);
    await screenshot(session.page, `profile-${name}`);
    await expectNoAxeViolations(session.page, `profile-${name}-${width}`).catch((error: Error) =>
      problems.push(error.message),
    );
  }
  await resizeTo(session.page, 1280);
  return problems;
}

/** The sign-in form by its fields' types, so it reads the same in either language. */
async function signInHere(session: PageSession, email: string, password: string) {
  const page = session.page;
  await page.locator('main input[type="email"]').fill(email);
  await page.locator('main input[type="password"]').fill(password);
  await page.locator('main button[type="submit"]').click();
}

journey(
  'profile: a business signs up with its business name and a sector from the list, then changes its logo',
  async ({ newPage, server }) => {
    const problems: string[] = [];
    for (const language of ['en', 'pt'] as const) {
      const words = await catalog(language);
      const session = await speaking(await newPage(), language);
      const page = session.page;
      const name = language === 'en' ? 'Padaria Doce Lar' : 'Fotografia Luz do Norte';
      const email = `profile-${language}-${Date.now()}@example.test`;

      await session.goto('/sellerauth?mode=signup');
      await page
        .getByRole('heading', { level: 2, name: words.auth!.createAccount! })
        .waitFor({ timeout: 15_000 });
      await session.settle();
      // A business name, and no person's first and last name.
      expect(
        (await page.getByLabel(new RegExp(`^${words.auth!.firstName}\\s*\\*?$`)).count()) === 0,
        `${language}: the business sign-up asks for a first name`,
      );
      await page.getByLabel(new RegExp(`^${words.auth!.businessName}`)).fill(name);
      await page.locator('main input[type="email"]').fill(email);
      await page.locator('main input[type="password"]').fill('a long bakery passphrase');
      await page.getByLabel(new RegExp(`^${words.auth!.sector}`)).click();
      // Every sector, "Other" last, with its label in this language.
      const options = await page.getByRole('option').allInnerTexts();
      for (const key of ['food-drink', 'photography-events', 'home-services', 'other']) {
        expect(
          options.includes(words.sectors![key]!),
          `${language}: the sector list lacks ${words.sectors![key]}: ${options.join(', ')}`,
        );
      }
      expect(
        options.at(-1) === words.sectors!.other,
        `${language}: "Other" is not last: ${options.join(', ')}`,
      );
      problems.push(...(await photograph(session, `signup-sectors-${language}`)));
      const sector = language === 'en' ? 'food-drink' : 'photography-events';
      await page.getByRole('option', { name: words.sectors![sector], exact: true }).click();
      await page
        .locator('input[type=file]')
        .setInputFiles(await pngFile('first-logo.png', '#1565c0', 200, 200));
      await page
        .getByRole('button', { name: words.auth!.removeImage, exact: true })
        .waitFor({ timeout: 15_000 });
      problems.push(...(await photograph(session, `signup-filled-${language}`)));
      await page.getByRole('button', { name: words.auth!.createAccount, exact: true }).click();

      // The mailed link confirms the address and signs the business in.
      const link = await resetLinkFromOutbox(server.dataDir, email, { page: '/confirm-email' });
      await session.goto(link.path);
      const verification = JSON.parse(
        await readFile(
          join(repoRoot, 'apps/web/src/lib/i18n/locales/verification', `${language}.json`),
          'utf8',
        ),
      ) as { confirm: string };
      await page.getByRole('button', { name: verification.confirm, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

      // /account: the business name, and the logo with its button.
      await session.goto('/account');
      await page.getByLabel(new RegExp(`^${words.auth!.businessName}`)).waitFor();
      expect(
        (await page.getByLabel(new RegExp(`^${words.auth!.businessName}`)).inputValue()) === name,
        `${language}: /account does not show the business name "${name}"`,
      );
      const logo = page.getByTestId('account-photo').locator('img');
      const before = await logo.getAttribute('src');
      expect(before?.startsWith('/uploads/avatar/'), `${language}: no logo on /account`);
      await session.settle();
      problems.push(...(await photograph(session, `logo-before-${language}`)));

      await page
        .getByTestId('account-photo-input')
        .setInputFiles(await pngFile('new-logo.png', '#ef6c00', 240, 240));
      await page
        .locator('.Toastify__toast')
        .filter({ hasText: words.account!.logoChanged! })
        .first()
        .waitFor({ timeout: 15_000 });
      const after = await logo.getAttribute('src');
      expect(
        after !== before && (after?.startsWith('/uploads/avatar/') ?? false),
        `${language}: the logo did not change (${before} → ${after})`,
      );
      // The old image's file is gone; the new one is served, and the directory shows it.
      const old = await page.request.get(new URL(before!, session.baseUrl).toString());
      expect(old.status() === 404, `${language}: the old logo still answers ${old.status()}`);
      const fresh = await page.request.get(new URL(after!, session.baseUrl).toString());
      expect(fresh.status() === 200, `${language}: the new logo answers ${fresh.status()}`);
      await session.settle();
      problems.push(...(await photograph(session, `logo-after-${language}`)));

      const me = (await (
        await page.request.get(new URL('/api/v1/me', session.baseUrl).toString())
      ).json()) as { user: { id: string; fullName: string; thumbnailUrl: string } };
      expect(me.user.fullName === name, `${language}: the account is named ${me.user.fullName}`);
      await session.goto(`/sellers/${me.user.id}`);
      await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
      session.expectNoIssues();
      await session.close();
    }
    expect(problems.length === 0, problems.join('\n'));
  },
  { timeoutMs: 300_000 },
);

journey(
  'profile: /account opened signed out asks to sign in and returns to /account, for a client and a business',
  async ({ newPage }) => {
    const problems: string[] = [];
    const cases = [
      { email: BUYER, language: 'en' as const, role: 'client' },
      { email: SELLER, language: 'pt' as const, role: 'business' },
      { email: SELLER, language: 'en' as const, role: 'business' },
      { email: BUYER, language: 'pt' as const, role: 'client' },
    ];
    for (const { email, language, role } of cases) {
      const words = await catalog(language);
      const session = await speaking(await newPage(), language);
      const page = session.page;
      await session.goto('/account');
      await page.waitForURL(
        (url) => url.pathname === '/signin' && url.searchParams.get('next') === '/account',
        { timeout: 15_000 },
      );
      await page
        .getByRole('heading', { level: 1, name: words.auth!.signInTitle })
        .waitFor({ timeout: 15_000 });
      await session.settle();
      problems.push(...(await photograph(session, `deep-link-signin-${role}-${language}`)));

      await signInHere(session, email, DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/account', { timeout: 15_000 });
      await page
        .getByRole('heading', { level: 1, name: words.account!.title })
        .waitFor({ timeout: 15_000 });
      await session.settle();
      problems.push(...(await photograph(session, `deep-link-account-${role}-${language}`)));
      session.expectNoIssues();
      await session.close();
    }
    expect(problems.length === 0, problems.join('\n'));
  },
);
