/**
 * The operator console: the admin made by `npm run admin -- create` before the server started
 * signs in at /admin with the password and a TOTP code computed here, sees the audit log (its
 * chain intact, their sign-in on it) and the operators, in English and Portuguese. No member
 * content is drawn. Every console screen passes axe at 375 and 1280 px (console-*.png).
 */
import type { Page } from 'playwright-core';
import {
  expect,
  expectNoAxeViolations,
  journey,
  resizeTo,
  screenshot,
  type PageSession,
} from '../helpers/index.js';
import { CONSOLE_OPERATOR, currentCode } from '../helpers/operator.js';
import { Findings } from './support.js';

const WIDTHS = [375, 1280] as const;

/** Axe and a screenshot at each width; violations are kept for the end of the journey. */
async function checkScreen(findings: Findings, session: PageSession, name: string) {
  for (const width of WIDTHS) {
    await resizeTo(session.page, width);
    await session.settle();
    try {
      await expectNoAxeViolations(session.page, `console-${name}-${width}`);
    } catch (error) {
      findings.problems.push((error as Error).message);
    }
    const overflow = await session.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) findings.problems.push(`console-${name} scrolls sideways at ${width} px`);
    await screenshot(session.page, `console-${name}`);
  }
  await resizeTo(session.page, 1280);
}

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
            { path: '/api/v1/me', status: 401 },
            // The console asks for its own session first; there is none before sign-in.
            { path: '/api/v1/admin/session', status: 401 },
            // The wrong code the journey types on purpose.
            { path: '/api/v1/admin/session/code', status: 401 },
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

      // A wrong code is refused; the authenticator's code signs in.
      const code = await currentCode();
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await page.getByLabel('Six-digit code').fill(wrong);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /code is wrong/ })
        .waitFor();
      await page.getByLabel('Six-digit code').fill(await currentCode());
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
      await page.getByLabel('Email').fill('new.moderator@maya.test');
      await page.getByRole('button', { name: 'Create operator' }).click();
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
