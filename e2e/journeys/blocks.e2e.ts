/**
 * Blocks: a client opens a chat with a business, reports it from the chat and then blocks it,
 * after a confirmation that says what a block does. The chat shows "You blocked … on …" with
 * Unblock in place of the message box; the business's next message is refused in words that do
 * not say "blocked", and never reaches the client; the client no longer finds the business. On
 * /account, in Portuguese too, the client sees the business among the people blocked and
 * unblocks it, and the chat takes messages again. Each screen passes axe and is photographed at
 * 375 and 1280 px (blocks-*.png).
 */
import type { Page } from 'playwright-core';
import {
  expect,
  expectNoAxeViolations,
  journey,
  resizeTo,
  screenshot,
  SIGNED_OUT_ALLOWED,
  type PageSession,
} from '../helpers/index.js';
import { BUYER, BUYER_NAME, cardNames, Findings, signIn } from './support.js';

/** A demo business no other journey chats with (db/seed/demo.json, its index in the list). */
const BUSINESS = 'happy-paws-grooming-55@demo.mayamarket.example';
const BUSINESS_NAME = 'Happy Paws Grooming';

async function shoot(findings: Findings, session: PageSession, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await resizeTo(session.page, width);
    await screenshot(session.page, `blocks-${name}`);
    await expectNoAxeViolations(session.page, `blocks-${name}-${width}`).catch((error: Error) =>
      findings.problems.push(error.message),
    );
  }
  await resizeTo(session.page, 1280);
}

function chatEntry(page: Page, partner: string) {
  return page
    .getByRole('list', { name: /Chat history|Histórico/ })
    .getByRole('button', { name: new RegExp(`^(?!Delete chat with|Apagar).*${partner}`) })
    .first();
}

journey(
  'blocks: a buyer reports and blocks a business from the chat, sees the block line, and unblocks from the account',
  async ({ newPage }) => {
    const findings = new Findings('blocks');
    // The messages of this run alone: a retry writes in the same chat as the try before it.
    const run = Date.now().toString(36).slice(-5);
    const hello = `Hello, do you groom long-haired cats? (${run})`;
    const stillThere = `Are you still there? (${run})`;
    const welcomeBack = `Welcome back! Yes, we groom cats. (${run})`;
    await findings.run(async () => {
      const client = findings.track('client', await newPage());
      // The business's send across the block is refused (403) by design.
      const business = findings.track(
        'business',
        await newPage({
          allow: [
            ...SIGNED_OUT_ALLOWED,
            { path: /^\/api\/v1\/chats\/[0-9a-f-]{36}\/messages$/, status: 403 },
          ],
        }),
      );
      await signIn(client, '/buyerauth', BUYER);
      await signIn(business, '/sellerauth', BUSINESS);

      // The client finds the business and writes to it.
      await client.page.getByRole('searchbox', { name: 'Search' }).fill(BUSINESS_NAME);
      await client.page.waitForURL(/[?&]q=Happy/);
      const card = client.page.getByRole('article').filter({
        has: client.page.getByRole('link', { name: BUSINESS_NAME, exact: true }),
      });
      await card.waitFor({ timeout: 10_000 });
      await card.getByRole('button', { name: 'Chat Now' }).click();
      await client.page.waitForURL(/\/inbox\/[0-9a-f-]{36}$/, { timeout: 10_000 });
      const chatPath = new URL(client.page.url()).pathname;
      const box = client.page.getByRole('textbox', { name: 'Message' });
      await box.fill(hello);
      await box.press('Enter');
      const clientLog = client.page.getByRole('log', { name: `Messages with ${BUSINESS_NAME}` });
      await clientLog.getByText(hello).waitFor();

      // The business opens the chat.
      await business.goto('/inbox');
      await chatEntry(business.page, BUYER_NAME).click();
      const businessLog = business.page.getByRole('log', { name: `Messages with ${BUYER_NAME}` });
      await businessLog.getByText(hello).waitFor();

      // The client reports the business from the chat's header.
      await client.page.getByRole('button', { name: `Report ${BUSINESS_NAME}` }).click();
      const report = client.page.getByRole('dialog', { name: `Report ${BUSINESS_NAME}` });
      await report.waitFor();
      await report.getByRole('radio', { name: /Spam/ }).check();
      await report.getByRole('button', { name: 'Send report' }).click();
      await report.getByRole('status').waitFor();
      await report.getByRole('button', { name: 'Close' }).click();
      await report.waitFor({ state: 'hidden' });

      // Then blocks it: the confirmation says what a block does.
      await client.page.getByRole('button', { name: `Block ${BUSINESS_NAME}` }).click();
      const confirm = client.page.getByRole('dialog', { name: `Block ${BUSINESS_NAME}?` });
      await confirm.waitFor();
      await confirm.getByText(/Neither of you can send the other messages/).waitFor();
      await confirm.getByText(/will not find each other/).waitFor();
      await shoot(findings, client, 'confirm-en');
      await confirm.getByRole('button', { name: 'Block', exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });

      const line = client.page
        .getByRole('status')
        .filter({ hasText: `You blocked ${BUSINESS_NAME} on` });
      await line.waitFor({ timeout: 10_000 });
      expect(
        (await client.page.getByRole('textbox', { name: 'Message' }).count()) === 0,
        'the blocker’s chat shows the block line in place of the message box',
      );
      await client.settle();
      await shoot(findings, client, 'chat-line-en');

      // The business writes: refused, and nothing of it reaches the client.
      const businessBox = business.page.getByRole('textbox', { name: 'Message' });
      await businessBox.fill(stillThere);
      await businessBox.press('Enter');
      await business.page.getByText('Not sent.', { exact: true }).waitFor({ timeout: 10_000 });
      await business.page
        .getByRole('alert')
        .filter({ hasText: 'This conversation is closed: your message was not sent.' })
        .waitFor();
      const businessText = (await business.page.locator('main').textContent()) ?? '';
      expect(!/block/i.test(businessText), 'the business is not told of a block');
      await business.settle();
      await shoot(findings, business, 'refused-en');
      await client.page.waitForTimeout(1_000);
      expect(
        (await clientLog.getByText(stillThere).count()) === 0,
        'the refused message never reaches the client',
      );

      // The client no longer finds the business.
      await client.goto(`/sellers?q=${encodeURIComponent(BUSINESS_NAME)}`);
      await client.settle();
      expect(
        !(await cardNames(client.page)).includes(BUSINESS_NAME),
        'a blocked business is not in the client’s search',
      );

      // On the account, in Portuguese: the people blocked, and Unblock.
      await client.goto('/account');
      await client.page
        .getByRole('banner')
        .getByRole('group')
        .getByRole('button', { name: 'Português (PT)' })
        .click();
      const section = client.page.getByRole('region', { name: 'Pessoas bloqueadas' });
      await section.getByText(BUSINESS_NAME).waitFor({ timeout: 10_000 });
      await section.scrollIntoViewIfNeeded();
      await client.settle();
      for (const width of [375, 1280]) {
        await resizeTo(client.page, width);
        await section.scrollIntoViewIfNeeded();
        await screenshot(client.page, 'blocks-account-pt');
      }
      await resizeTo(client.page, 1280);
      await section.getByRole('button', { name: `Desbloquear ${BUSINESS_NAME}` }).click();
      await section.getByText('Você não bloqueou ninguém.').waitFor({ timeout: 10_000 });
      await client.page
        .getByRole('banner')
        .getByRole('group')
        .getByRole('button', { name: 'English (EN)' })
        .click();

      // The chat takes messages again, both ways.
      await client.goto(chatPath);
      await client.page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 10_000 });
      await businessBox.fill(welcomeBack);
      await businessBox.press('Enter');
      await clientLog.getByText(welcomeBack).waitFor({ timeout: 10_000 });
    });
  },
);
