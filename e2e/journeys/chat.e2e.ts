/**
 * Real-time chat between two browsers: the client opens a chat with a business from the
 * directory and writes; the business, with its inbox already open, sees the chat and the message
 * arrive without reloading and answers; while it types the client sees "… is typing…". The
 * client then deletes the chat: it is gone for the client, even after a reload, and stays for
 * the business. Every screen passes axe at 360/768/1280 px (chat-*.png).
 */
import type { Page } from 'playwright-core';
import { expect, ExpectationError, journey } from '../helpers/index.js';
import { BUYER, BUYER_NAME, cardNames, expectToast, Findings, signIn } from './support.js';

/** A demo business no other journey chats with, so this chat starts empty. */
const BUSINESS = 'casa-serena-1@demo.mayamarket.example';
const BUSINESS_NAME = 'Casa Serena';

/** The chat list's entry for a partner (not its "Delete chat with …" button). */
function chatEntry(page: Page, partner: string) {
  return page
    .getByRole('list', { name: 'Chat history' })
    .getByRole('button', { name: new RegExp(`^(?!Delete chat with).*${partner}`) });
}

journey(
  'chat: a client and a business chat in real time; the client deletes the chat, the business keeps it',
  async ({ newPage }) => {
    const findings = new Findings('chat');
    await findings.run(async () => {
      const business = findings.track('business', await newPage());
      const client = findings.track('client', await newPage());
      await signIn(business, '/sellerauth', BUSINESS);
      await signIn(client, '/buyerauth', BUYER);

      // The business waits in its inbox; nothing reloads it from here on until the end.
      await business.goto('/inbox');
      await business.page.getByRole('heading', { level: 1, name: 'Chats' }).waitFor();
      await business.settle();

      // The client finds the business and opens a chat from its card.
      await client.page.getByRole('searchbox', { name: 'Search' }).fill(BUSINESS_NAME);
      await client.page.waitForURL(/[?&]q=Casa/);
      const card = client.page.getByRole('article').filter({
        has: client.page.getByRole('link', { name: BUSINESS_NAME, exact: true }),
      });
      await card.waitFor({ timeout: 10_000 });
      expect(
        (await cardNames(client.page)).includes(BUSINESS_NAME),
        `searching "${BUSINESS_NAME}" does not show its card`,
      );
      await card.getByRole('button', { name: 'Chat Now' }).click();
      await client.page.waitForURL(/\/inbox\/[0-9a-f-]{36}$/, { timeout: 10_000 });
      const clientLog = client.page.getByRole('log', { name: `Messages with ${BUSINESS_NAME}` });
      await clientLog.waitFor();
      await client.settle();
      await findings.screen(client, 'client-new-chat');

      const question = `Do you have a room for two on 14 May? (${Date.now()})`;
      await client.page.getByRole('textbox', { name: 'Message' }).fill(question);
      await client.page.getByRole('button', { name: 'Send', exact: true }).click();
      await clientLog.getByText(question).waitFor();
      await client.page.getByText('Sending…').waitFor({ state: 'hidden', timeout: 10_000 });

      // Without a reload the chat and the message reach the business.
      await chatEntry(business.page, BUYER_NAME).waitFor({ timeout: 10_000 });
      await chatEntry(business.page, BUYER_NAME).click();
      await business.page.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
      const businessLog = business.page.getByRole('log', { name: `Messages with ${BUYER_NAME}` });
      await businessLog.getByText(question).waitFor({ timeout: 10_000 });

      // While the business types, the client sees it; the answer then arrives, no reload.
      const answer = 'Yes, we have a double room with a river view that night.';
      const box = business.page.getByRole('textbox', { name: 'Message' });
      await box.pressSequentially(answer.slice(0, 20), { delay: 40 });
      await client.page
        .getByText(`${BUSINESS_NAME} is typing…`)
        .waitFor({ timeout: 5_000 })
        .catch(() => {
          throw new ExpectationError(
            `while ${BUSINESS_NAME} typed, the client never saw "${BUSINESS_NAME} is typing…"`,
          );
        });
      await box.pressSequentially(answer.slice(20), { delay: 10 });
      await business.page.getByRole('button', { name: 'Send', exact: true }).click();
      await clientLog.getByText(answer).waitFor({ timeout: 10_000 });
      await client.page
        .getByText(`${BUSINESS_NAME} is typing…`)
        .waitFor({ state: 'hidden', timeout: 5_000 });
      // The client had the conversation open, so the business's answer shows as read, live.
      await businessLog
        .getByText(/Seen/)
        .waitFor({ timeout: 10_000 })
        .catch(() => {
          throw new ExpectationError(
            `the client read the answer but the business's conversation never showed "Seen"`,
          );
        });
      await business.settle();
      await findings.screen(business, 'business-conversation');
      await client.settle();
      await findings.screen(client, 'client-conversation');

      // The client deletes the chat: gone from the list, and still gone after a reload.
      // Exactly this chat: the buyer may also chat with "Casa Serena Lisbon" in another journey.
      await client.page
        .getByRole('button', { name: `Delete chat with ${BUSINESS_NAME}`, exact: true })
        .click();
      await expectToast(client.page, 'Chat deleted.');
      await chatEntry(client.page, BUSINESS_NAME).waitFor({ state: 'detached', timeout: 5_000 });
      // The deleted chat's history is hidden from the client, so the open conversation must not
      // keep showing it either.
      const lingering = await clientLog
        .getByText(question)
        .waitFor({ state: 'detached', timeout: 3_000 })
        .then(
          () => false,
          () => true,
        );
      if (lingering) {
        findings.problems.push(
          `${client.page.url()}: after the client deleted the open chat with ${BUSINESS_NAME}, the chat list is empty but the conversation pane still shows the deleted messages (URL unchanged) — see chat-client-after-delete-*.png`,
        );
      }
      await client.settle();
      await findings.screen(client, 'client-after-delete');
      await client.goto('/inbox');
      await client.page.getByRole('heading', { level: 1, name: 'Chats' }).waitFor();
      await client.settle();
      const stillListed = await chatEntry(client.page, BUSINESS_NAME).count();
      expect(stillListed === 0, `after a reload the client's inbox still lists ${BUSINESS_NAME}`);

      // The business keeps the chat and its messages.
      await business.goto('/inbox');
      await business.page.getByRole('heading', { level: 1, name: 'Chats' }).waitFor();
      await business.settle();
      await chatEntry(business.page, BUYER_NAME)
        .waitFor({ timeout: 5_000 })
        .catch(() => {
          throw new ExpectationError(
            `after the client deleted the chat, the business's inbox lost it too`,
          );
        });
      await chatEntry(business.page, BUYER_NAME).click();
      await businessLog.getByText(question).waitFor({ timeout: 10_000 });
      await businessLog.getByText(answer).waitFor();
      await findings.screen(business, 'business-inbox-after-delete');
    });
  },
);
