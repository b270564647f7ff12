/**
 * Moderation: a client reports a business from the chat; the operator made by the command line
 * signs in at /admin with a TOTP code, opens the report from the queue with its frozen evidence,
 * and suspends the business with a statement of reasons; the business's open tab is signed out at
 * once and says why and until when. Signed out and suspended, the business opens the link mailed
 * with the statement of reasons, reads it at /appeal with no sign-in, and appeals; the appeal
 * waits on the console's Appeals screen. The operator then finds the business in Users, sees it
 * suspended with its history, and restores it (so later journeys find it as it was). Each console
 * screen and /appeal pass axe and are photographed at 375 and 1280 px, in English and Portuguese
 * (moderation-*.png).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  CONSOLE_SIGNED_OUT_ALLOWED,
  expect,
  journey,
  photograph,
  type PageSession,
} from '../helpers/index.js';
import { CONSOLE_OPERATOR, currentCode } from '../helpers/operator.js';
import { BUYER, Findings, resetLinkFromOutbox, signIn } from './support.js';

/** A business the demo client already chats with (db/seed/demo.json, the fourth business). */
const BUSINESS_NAME = 'Glow Studio';
const BUSINESS_EMAIL = 'glow-studio-3@demo.mayamarket.example';
const FACTS = 'Asked a client to pay a deposit into a personal account, outside the platform.';
const APPEAL = 'The deposit was for a booking the client asked for; the invoice is attached.';

/** A screen photographed and checked at 375 and 1280 px, its fit included. */
const shoot = (findings: Findings, session: PageSession, name: string) =>
  photograph(session, `moderation-${name}`, findings.problems, { fitsWidth: true });

async function consoleLanguage(page: Page, code: 'EN' | 'PT') {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`\\(${code}\\)$`) })
    .click();
}

/** The site's language switch in the banner (the public layout's). */
async function siteLanguage(page: Page, name: 'Português (PT)' | 'English (EN)') {
  await page.getByRole('banner').getByRole('group').getByRole('button', { name }).click();
}

/** Signs the operator in; a code of a step already spent (an earlier journey) waits for the next. */
async function operatorSignIn(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Operator sign-in' }).waitFor();
  await page.getByLabel('Email').fill(CONSOLE_OPERATOR.email);
  await page.getByLabel('Password').fill(CONSOLE_OPERATOR.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByLabel('Six-digit code').fill(await currentCode());
    await page.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await page
      .getByRole('navigation', { name: 'Console' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
  }
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
}

journey(
  'moderation: an operator suspends a reported business, whose open tab is signed out with the reason',
  async ({ newPage, server }) => {
    const findings = new Findings('moderation');
    await findings.run(async () => {
      // The client reports the business from their chat.
      const client = findings.track('client', await newPage());
      await signIn(client, '/buyerauth', BUYER);
      await client.goto('/inbox');
      await client.page
        .getByRole('list', { name: 'Chat history' })
        .getByRole('button', { name: new RegExp(`^(?!Delete chat with).*${BUSINESS_NAME}`) })
        .first()
        .click();
      await client.page.getByRole('log', { name: `Messages with ${BUSINESS_NAME}` }).waitFor();
      await client.settle();
      await client.page.getByRole('button', { name: `Report ${BUSINESS_NAME}` }).click();
      const dialog = client.page.getByRole('dialog', { name: `Report ${BUSINESS_NAME}` });
      await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
      await dialog.getByRole('textbox', { name: /Details/ }).fill(FACTS);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByRole('status').waitFor();

      // The business has the site open.
      const business = findings.track(
        'business',
        await newPage({
          allow: [
            // Once suspended, every call of the tab's ended session.
            { path: /^\/api\/v1\//, status: 401 },
            { path: /\/socket\.io\//, status: 401 },
            { path: /\/socket\.io\//, status: 400 },
          ],
        }),
      );
      await signIn(business, '/sellerauth', BUSINESS_EMAIL);

      // The operator signs in and opens the report from the queue.
      const operator = findings.track(
        'operator',
        await newPage({
          allow: [
            ...CONSOLE_SIGNED_OUT_ALLOWED,
            { path: '/api/v1/admin/session/code', status: 401 },
          ],
        }),
      );
      const page = operator.page;
      await operator.goto('/admin');
      await operatorSignIn(page);
      const nav = page.getByRole('navigation', { name: 'Console' });
      await nav.getByRole('link', { name: 'Reports' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
      const group = page.getByRole('listitem').filter({ hasText: BUSINESS_EMAIL }).first();
      await group.waitFor();
      await shoot(findings, operator, 'queue-en');
      await group.getByRole('link').first().click();
      await page
        .getByRole('heading', { level: 1, name: new RegExp(`^Report about ${BUSINESS_NAME}`) })
        .waitFor();
      await page.getByRole('heading', { name: 'Evidence, as it was when reported' }).waitFor();
      await page.getByRole('heading', { name: 'The profile' }).waitFor();
      await page.getByText(FACTS).first().waitFor();
      await shoot(findings, operator, 'report-en');
      await consoleLanguage(page, 'PT');
      await page.getByRole('heading', { name: 'Provas, tal como estavam na denúncia' }).waitFor();
      await shoot(findings, operator, 'report-pt');
      await consoleLanguage(page, 'EN');

      // Suspend, with the statement of reasons.
      const mailedBefore = new Set(await readdir(join(server.dataDir, 'outbox')).catch(() => []));
      await page.getByRole('combobox', { name: 'Decision' }).click();
      await page.getByRole('option', { name: 'Suspend' }).click();
      await page
        .getByRole('textbox', { name: /The rule or law applied/ })
        .fill('Terms 5.2: payments');
      await page.getByRole('textbox', { name: /The facts/ }).fill(FACTS);
      await page.getByRole('button', { name: 'Decide', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Decided: Suspend.' }).waitFor();

      // The business's open tab is signed out and says why, at once.
      const notice = business.page.getByTestId('restriction-notice');
      await notice.waitFor({ timeout: 5_000 });
      const said = (await notice.textContent()) ?? '';
      expect(
        said.includes('your account is suspended until') && said.includes(FACTS),
        `the signed-out tab says why: "${said}"`,
      );
      await shoot(findings, business, 'signed-out-en');

      // Signed out and suspended, the business follows the link mailed with the statement.
      const mailed = await resetLinkFromOutbox(server.dataDir, BUSINESS_EMAIL, {
        page: '/appeal',
        notIn: mailedBefore,
      });
      await business.goto(mailed.path);
      const appealPage = business.page;
      await appealPage.getByRole('heading', { level: 1, name: 'Appeal a decision' }).waitFor();
      await appealPage
        .getByRole('heading', { level: 2, name: /^Your account is suspended until/ })
        .waitFor();
      await appealPage.getByText(FACTS).waitFor();
      expect(
        !new URL(appealPage.url()).search.includes('token'),
        `the token is taken out of the address bar: ${appealPage.url()}`,
      );
      await shoot(findings, business, 'appeal-en');
      await siteLanguage(appealPage, 'Português (PT)');
      await appealPage
        .getByRole('heading', { level: 1, name: 'Recorrer de uma decisão' })
        .waitFor();
      await appealPage
        .getByRole('heading', { level: 2, name: /^Sua conta está suspensa até/ })
        .waitFor();
      await shoot(findings, business, 'appeal-pt');
      await siteLanguage(appealPage, 'English (EN)');
      const appealForm = appealPage.getByRole('form', { name: 'Your appeal' });
      await appealForm.getByRole('button', { name: 'Appeal' }).click();
      await appealForm.getByText('Write why the decision should change.').waitFor();
      await appealForm
        .getByRole('textbox', { name: /Why the decision should change/ })
        .fill(APPEAL);
      await appealForm.getByRole('button', { name: 'Appeal' }).click();
      await appealPage.getByText(/^Your appeal was sent on/).waitFor();
      await shoot(findings, business, 'appeal-sent-en');

      // Users: the business, suspended, with its history; then restored.
      await nav.getByRole('link', { name: 'Users' }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await page.getByRole('searchbox', { name: 'Email or name' }).fill(BUSINESS_EMAIL);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const entry = page.getByRole('listitem').filter({ hasText: BUSINESS_EMAIL }).first();
      await entry.getByText(/^Suspended until/).waitFor();
      await shoot(findings, operator, 'users-en');
      await consoleLanguage(page, 'PT');
      await entry.getByText(/^Suspensa até/).waitFor();
      await shoot(findings, operator, 'users-pt');
      await consoleLanguage(page, 'EN');
      await entry.getByRole('button', { name: 'Decide about this member' }).click();
      await entry.getByRole('combobox', { name: 'Decision' }).click();
      await page.getByRole('option', { name: 'Restore' }).click();
      await entry.getByRole('textbox', { name: /The rule or law applied/ }).fill('Terms 5.2');
      await entry.getByRole('textbox', { name: /The facts/ }).fill('The payment was refunded.');
      await entry.getByRole('button', { name: 'Decide', exact: true }).click();
      await entry.getByRole('status').filter({ hasText: 'Decided: Restore.' }).waitFor();

      // Appeals (the business's, as any other) and transparency, in both languages.
      await nav.getByRole('link', { name: 'Appeals' }).click();
      await page.getByRole('heading', { level: 1, name: 'Appeals' }).waitFor();
      await page.getByText(APPEAL).first().waitFor();
      await shoot(findings, operator, 'appeals-en');
      await nav.getByRole('link', { name: 'Transparency' }).click();
      await page.getByRole('heading', { level: 1, name: 'Transparency' }).waitFor();
      await page.getByText('Member reports').waitFor();
      await shoot(findings, operator, 'transparency-en');
      await consoleLanguage(page, 'PT');
      await page.getByRole('heading', { level: 1, name: 'Transparência' }).waitFor();
      await shoot(findings, operator, 'transparency-pt');
      await nav.getByRole('link', { name: 'Recursos' }).click();
      await page.getByRole('heading', { level: 1, name: 'Recursos' }).waitFor();
      await shoot(findings, operator, 'appeals-pt');
      await consoleLanguage(page, 'EN');
    });
  },
  { timeoutMs: 600_000 },
);
