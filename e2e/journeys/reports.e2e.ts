/**
 * Reports: a visitor follows a profile's "Report this page" link to /report, finds the address
 * filled in, is told what is missing, sends the notice and sees the receipt with its reference,
 * which the receipt mail in the outbox names with each field; the form and the receipt are drawn
 * in Portuguese too. A client reports the business they chat with, and then one of its
 * messages, from the chat, and is acknowledged each time. Each screen passes axe and is
 * photographed at 375 and 1280 px, in English and Portuguese (reports-*.png).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  expect,
  ExpectationError,
  journey,
  photograph,
  type PageSession,
} from '../helpers/index.js';
import { BUYER, Findings, signIn } from './support.js';

/** A business the demo client already chats with (db/seed/demo.json). */
const SELLER_NAME = 'Glow Studio';

/** A screen photographed and checked at 375 and 1280 px; problems kept for the end. */
const shoot = (findings: Findings, session: PageSession, name: string) =>
  photograph(session, `reports-${name}`, findings.problems);

/** The banner's language switch. */
async function switchLanguage(page: Page, name: 'Português (PT)' | 'English (EN)') {
  await page.getByRole('banner').getByRole('group').getByRole('button', { name }).click();
}

/** The text of the newest outbox mail that mentions `needle`, waiting for it. */
async function mailMentioning(dataDir: string, needle: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const file of (await readdir(outbox).catch(() => [] as string[])).sort().reverse()) {
      const raw = await readFile(join(outbox, file), 'utf8');
      const text = Buffer.from(
        raw
          .replaceAll(/=\r?\n/g, '')
          .replaceAll(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
            String.fromCharCode(parseInt(hex, 16)),
          ),
        'latin1',
      ).toString('utf8');
      if (text.includes(needle)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new ExpectationError(`no mail mentioning ${needle} arrived in ${outbox}`);
}

journey(
  'reports: a visitor files a notice at /report from a profile and sees the receipt',
  async ({ server, newPage }) => {
    const findings = new Findings('reports');
    await findings.run(async () => {
      const visitor = findings.track('visitor', await newPage());
      const page = visitor.page;

      // From a profile the landing page shows, its "Report this page" link.
      await visitor.goto('/');
      const trusted = page.getByRole('region', { name: 'Trusted sellers' });
      const profileLink = trusted.getByRole('link').first();
      await profileLink.waitFor();
      const profilePath = await profileLink.getAttribute('href');
      expect(
        Boolean(profilePath?.startsWith('/sellers/')),
        `a trusted seller links to ${profilePath}`,
      );
      await visitor.goto(profilePath!);
      await page.getByRole('link', { name: 'Report this page' }).waitFor();
      await visitor.settle();
      await shoot(findings, visitor, 'profile-en');
      await page.getByRole('link', { name: 'Report this page' }).click();
      await page.waitForURL((url) => url.pathname === '/report');
      await page.getByRole('heading', { level: 1, name: 'Report illegal content' }).waitFor();
      await visitor.settle();

      const address = page.getByRole('textbox', { name: /Address of the content/ });
      const expected = `${server.url}${profilePath}`;
      await page.waitForFunction(
        (want) =>
          document.querySelector<HTMLInputElement>('input[name="location"]')?.value === want,
        expected,
        { timeout: 5_000 },
      );
      expect((await address.inputValue()) === expected, 'the address is filled in from ?url=');

      // Sent empty: each missing field says what it needs.
      await page.getByRole('button', { name: 'Send notice' }).click();
      await page.getByText('Explain why the content is illegal.').waitFor();
      await page.getByText('Confirm the good-faith statement to send the notice.').waitFor();
      await shoot(findings, visitor, 'notice-missing-en');

      const email = `notifier-${Date.now()}@example.test`;
      await page
        .getByRole('textbox', { name: /Why is this content illegal/ })
        .fill('This business sells counterfeit medicines without a licence.');
      await page.getByRole('textbox', { name: /Your name/ }).fill('Rita Sousa');
      await page.getByRole('textbox', { name: /Your email/ }).fill(email);
      await page.getByRole('checkbox', { name: /in good faith/ }).check();
      await page.getByRole('button', { name: 'Send notice' }).click();

      await page.getByRole('heading', { level: 1, name: 'Notice received' }).waitFor();
      const reference = (await page.getByTestId('notice-reference').textContent())?.trim() ?? '';
      expect(/^[0-9a-f-]{36}$/.test(reference), `the receipt shows the reference "${reference}"`);
      await shoot(findings, visitor, 'notice-receipt-en');

      const mail = await mailMentioning(server.dataDir, reference);
      for (const line of [
        `Reference: ${reference}`,
        `Location: ${expected}`,
        'Name: Rita Sousa',
        `Email: ${email}`,
        'This business sells counterfeit medicines without a licence.',
      ]) {
        expect(mail.includes(line), `the receipt mail has "${line}"`);
      }

      // In Portuguese: the form, then a receipt.
      await visitor.goto(`/report?url=${encodeURIComponent(profilePath!)}`);
      await switchLanguage(page, 'Português (PT)');
      await page.getByRole('heading', { level: 1, name: 'Denunciar conteúdo ilegal' }).waitFor();
      await visitor.settle();
      await shoot(findings, visitor, 'notice-form-pt');
      await page
        .getByRole('textbox', { name: /Por que este conteúdo é ilegal/ })
        .fill('Vende medicamentos falsificados.');
      await page.getByRole('textbox', { name: /Seu nome/ }).fill('João Lima');
      await page.getByRole('textbox', { name: /Seu e-mail/ }).fill(`pt-${email}`);
      await page.getByRole('checkbox', { name: /boa-fé/ }).check();
      await page.getByRole('button', { name: 'Enviar notificação' }).click();
      await page.getByRole('heading', { level: 1, name: 'Notificação recebida' }).waitFor();
      await shoot(findings, visitor, 'notice-receipt-pt');

      await switchLanguage(page, 'English (EN)');
      await visitor.goto('/report');
      await page.getByRole('heading', { level: 1, name: 'Report illegal content' }).waitFor();
      await visitor.settle();
      await shoot(findings, visitor, 'notice-form-en');
    });
  },
);

journey(
  'reports: a buyer reports a business, and one of its messages, from the chat',
  async ({ newPage }) => {
    const findings = new Findings('reports-chat');
    await findings.run(async () => {
      const client = findings.track('client', await newPage());
      const page = client.page;
      await signIn(client, '/buyerauth', BUYER);

      await client.goto('/inbox');
      await page
        .getByRole('list', { name: 'Chat history' })
        .getByRole('button', { name: new RegExp(`^(?!Delete chat with).*${SELLER_NAME}`) })
        .first()
        .click();
      const log = page.getByRole('log', { name: `Messages with ${SELLER_NAME}` });
      await log.waitFor();
      await client.settle();

      // The person, from the chat's header.
      await page.getByRole('button', { name: `Report ${SELLER_NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Report ${SELLER_NAME}` });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: 'Illegal content' }).check();
      await dialog.getByRole('textbox', { name: /^Legal ground/ }).waitFor();
      await shoot(findings, client, 'dialog-en');
      await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
      await dialog
        .getByRole('textbox', { name: /Details/ })
        .fill('Asked me to pay a deposit to a personal account.');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      const acknowledged = dialog.getByRole('status');
      await acknowledged.waitFor();
      const text = (await acknowledged.textContent()) ?? '';
      expect(
        /with the reference [0-9a-f-]{36}|already reported this/.test(text),
        `the report is acknowledged with its reference: "${text}"`,
      );
      await shoot(findings, client, 'acknowledged-en');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // One of its messages, from the message's menu, in Portuguese.
      await switchLanguage(page, 'Português (PT)');
      await page.getByRole('button', { name: 'Ações desta mensagem' }).first().click();
      await page.getByRole('menuitem', { name: 'Denunciar mensagem' }).click();
      const messageDialog = page.getByRole('dialog', {
        name: `Denunciar uma mensagem de ${SELLER_NAME}`,
      });
      await messageDialog.waitFor();
      await messageDialog.getByRole('radio', { name: 'Assédio' }).check();
      await shoot(findings, client, 'dialog-pt');
      await messageDialog.getByRole('button', { name: 'Enviar denúncia' }).click();
      await messageDialog.getByRole('status').waitFor();
      await shoot(findings, client, 'acknowledged-pt');
      await messageDialog.getByRole('button', { name: 'Fechar' }).click();
      await switchLanguage(page, 'English (EN)');
    });
  },
);
