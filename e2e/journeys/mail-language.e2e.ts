/**
 * The language of a mail: a visitor who switches the site to Portuguese and signs up as a client
 * sees the form and the "check your inbox" screen in Portuguese, and the confirmation mail in the
 * server's outbox is in Portuguese too (the web's variant, pt-BR), with no English sentence; its
 * link confirms the account. Each screen passes axe and is photographed at 375 and 1280 px
 * (mail-language-*.png).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, journey, photograph, type PageSession } from '../helpers/index.js';
import { decodeQuotedPrintable, Findings, resetLinkFromOutbox } from './support.js';

/** A screen photographed and checked at 375 and 1280 px; problems kept for the end. */
const shoot = (findings: Findings, session: PageSession, name: string) =>
  photograph(session, `mail-language-${name}`, findings.problems);

/** A header's RFC 2047 encoded words ("=?UTF-8?Q?Confirme_seu_e-mail?="), decoded. */
function decodeHeader(value: string): string {
  return value.replaceAll(
    /=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi,
    (_match, how: string, text: string) =>
      how.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

/** The subject and the text of one outbox mail. */
async function readMail(dataDir: string, file: string): Promise<{ subject: string; text: string }> {
  const raw = await readFile(join(dataDir, 'outbox', file), 'utf8');
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replaceAll(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^Subject:\s*(.+)$/im.exec(unfolded)?.[1]?.trim() ?? '');
  return { subject, text: decodeQuotedPrintable(rest.join('\n\n')) };
}

journey(
  'mail language: a sign-up in Portuguese gets its confirmation mail in Portuguese',
  async ({ server, newPage }) => {
    const findings = new Findings('mail-language');
    await findings.run(async () => {
      const visitor = findings.track('visitor', await newPage());
      const page = visitor.page;
      const email = `cliente-pt-${Date.now()}@example.test`;

      await visitor.goto('/buyerauth');
      await page
        .getByRole('banner')
        .getByRole('group')
        .getByRole('button', { name: 'Português (PT)' })
        .click();
      await page.getByRole('button', { name: 'Cadastrar-se' }).click();
      await page.waitForURL(/[?&]mode=signup/);
      await page.getByRole('heading', { level: 2, name: 'Criar conta' }).waitFor();
      await visitor.settle();
      await shoot(findings, visitor, 'signup-pt');

      await page.getByLabel(/^E-mail/).fill(email);
      await page.getByLabel(/^Senha/).fill('uma senha comprida de cliente');
      await page.getByLabel(/^Nome/).fill('Joana');
      await page.getByLabel(/^Sobrenome/).fill('Ribeiro');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await page
        .getByRole('heading', { level: 2, name: 'Verifique sua caixa de entrada' })
        .waitFor();
      await page.getByText(`Enviamos uma mensagem para ${email}`).waitFor();
      await visitor.settle();
      await shoot(findings, visitor, 'check-inbox-pt');

      // The mail the server queued for that address: Portuguese throughout.
      const link = await resetLinkFromOutbox(server.dataDir, email, { page: '/confirm-email' });
      const mail = await readMail(server.dataDir, link.file);
      expect(
        mail.subject === 'Confirme seu e-mail para começar no Maya Market',
        `the confirmation mail's subject is not in Portuguese: "${mail.subject}"`,
      );
      for (const sentence of [
        'Boas-vindas ao Maya Market! Falta um passo',
        'Se você não se cadastrou, ignore esta mensagem',
      ]) {
        expect(mail.text.includes(sentence), `the mail has no "${sentence}":\n${mail.text}`);
      }
      for (const english of [
        'Welcome to Maya Market',
        'Open this link',
        'If you did not sign up',
      ]) {
        expect(!mail.text.includes(english), `the mail has English ("${english}"):\n${mail.text}`);
      }

      // Its link confirms the account and signs the visitor in.
      await visitor.goto(link.path);
      await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    });
  },
);
