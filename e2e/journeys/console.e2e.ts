/**
 * The operator console: the admin made by `npm run admin -- create` before the server started
 * signs in at /admin with the password and a TOTP code computed here, sees the audit log (its
 * chain intact, their sign-in on it) and the operators, in English and Portuguese, and confirms a
 * destructive action with a fresh code. No member content is drawn. Every console screen passes axe at 375 and 1280 px (console-*.png).
 */
import type { Page } from 'playwright-core';
import {
  CONSOLE_SIGNED_OUT_ALLOWED,
  expect,
  journey,
  photograph,
  type PageSession,
} from '../helpers/index.js';
import { CONSOLE_OPERATOR, currentCode, previousStepCode } from '../helpers/operator.js';
import { Findings } from './support.js';

/** A console screen photographed and checked at 375 and 1280 px, its fit included. */
const checkScreen = (findings: Findings, session: PageSession, name: string) =>
  photograph(session, `console-${name}`, findings.problems, { fitsWidth: true });

async function switchLanguage(page: Page, code: 'EN' | 'PT') {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`\\(${code}\\)$`) })
    .click();
}

journey(
  'console: an operator made by the command line signs in with TOTP and reads the audit log',
  async ({ newPage }) => {
    const findings = new Findings('console');
    await findings.run(async () => {
      const operator = findings.track(
        'operator',
        await newPage({
          allow: [
            // The console asks for its own session first; there is none before sign-in.
            ...CONSOLE_SIGNED_OUT_ALLOWED,
            // The wrong code the journey types on purpose.
            { path: '/api/v1/admin/session/code', status: 401 },
            // The fresh-code answer the journey plays for the operator's first creation.
            { path: '/api/v1/admin/operators', status: 403 },
          ],
        }),
      );
      const page = operator.page;

      // The password step, in English, then in Portuguese.
      const response = await operator.goto('/admin');
      expect(response.status() === 200, `/admin answered ${response.status()}`);
      await page.getByRole('heading', { level: 1, name: 'Operator sign-in' }).waitFor();
      // The member site's bars are not drawn: no sign-in or sign-up links of members.
      expect(
        (await page.getByRole('link', { name: /sign up|join|entrar|cadastr/i }).count()) === 0,
        'the console draws the member site’s links',
      );
      await checkScreen(findings, operator, 'sign-in-en');
      await switchLanguage(page, 'PT');
      await page.getByRole('heading', { level: 1, name: 'Entrada de operadores' }).waitFor();
      await checkScreen(findings, operator, 'sign-in-pt');

      await page.getByLabel('E-mail').fill(CONSOLE_OPERATOR.email);
      await page.getByLabel('Senha').fill(CONSOLE_OPERATOR.password);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Digite seu código' }).waitFor();
      await checkScreen(findings, operator, 'code-pt');
      await switchLanguage(page, 'EN');
      await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
      await checkScreen(findings, operator, 'code-en');

      // A wrong code is refused; the authenticator's code signs in (the one it showed a moment
      // ago, so the current step's code is still unspent for the fresh code below).
      const code = await previousStepCode();
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await page.getByLabel('Six-digit code').fill(wrong);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /code is wrong/ })
        .waitFor();
      await page.getByLabel('Six-digit code').fill(await previousStepCode());
      await page.getByRole('button', { name: 'Sign in' }).click();

      // Signed in: the console's first screen, then the audit log with the chain intact and the
      // sign-in on it.
      const nav = page.getByRole('navigation', { name: 'Console' });
      await nav.getByRole('link', { name: 'Audit log' }).click();
      await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      expect(new URL(page.url()).pathname === '/admin/audit', `the audit log is at ${page.url()}`);
      await page
        .getByRole('status')
        .filter({ hasText: /Chain intact: \d+ rows checked/ })
        .waitFor();
      await page.getByText('operator.sign_in').first().waitFor();
      await checkScreen(findings, operator, 'audit-en');

      // Operators: the admin is listed, and may make a moderator.
      await nav.getByRole('link', { name: 'Operators' }).click();
      await page.getByRole('heading', { level: 1, name: 'Operators' }).waitFor();
      await page.getByText(CONSOLE_OPERATOR.email, { exact: true }).waitFor();
      await checkScreen(findings, operator, 'operators-en');

      // Creating an operator more than five minutes after the code asks for a fresh one. The
      // journey cannot wait five minutes, so the server's first answer is the one it gives then;
      // the dialog, the code it sends and the action sent again are real.
      let asked = false;
      await page.route('**/api/v1/admin/operators', async (route) => {
        if (route.request().method() !== 'POST' || asked) return route.fallback();
        asked = true;
        await route.fulfill({
          status: 403,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'about:blank',
            title: 'Fresh code required',
            status: 403,
            code: 'FRESH_CODE_REQUIRED',
            detail: 'Confirm this action with a new code.',
          }),
        });
      });
      await page.getByLabel('Email').fill('new.moderator@maya.test');
      await page.getByRole('button', { name: 'Create operator' }).click();
      const fresh = page.getByRole('dialog', { name: 'Confirm with a new code' });
      await fresh.waitFor();
      await checkScreen(findings, operator, 'fresh-code-en');
      await fresh.getByLabel('Six-digit code').fill(await currentCode());
      await fresh.getByRole('button', { name: 'Confirm' }).click();
      await fresh.waitFor({ state: 'hidden' });
      await page.unroute('**/api/v1/admin/operators');
      await page
        .getByRole('status')
        .filter({ hasText: 'new.moderator@maya.test was created' })
        .waitFor();
      await checkScreen(findings, operator, 'enrolment-en');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByText('new.moderator@maya.test', { exact: true }).waitFor();

      // In Portuguese.
      await switchLanguage(page, 'PT');
      await page.getByRole('heading', { level: 1, name: 'Operadores' }).waitFor();
      await checkScreen(findings, operator, 'operators-pt');
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Registro de auditoria' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Registro de auditoria' }).waitFor();
      await page.getByText('operator.create').first().waitFor();
      await checkScreen(findings, operator, 'audit-pt');

      // Signing out ends the console's session.
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.getByRole('heading', { level: 1, name: 'Entrada de operadores' }).waitFor();
      await switchLanguage(page, 'EN');
    });
  },
  { timeoutMs: 600_000 },
);
