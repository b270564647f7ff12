/**
 * Nobody misses a message: a client browses the directory in two tabs while a business writes to
 * them. Both tabs show the unread count on "Chats" (side drawer and top bar) and in the tab's
 * title, and a toast names the sender; clicking it opens the chat, which clears all of it in
 * both tabs. A signed-out visitor of the chat's address signs in and comes back to it; the side
 * drawer highlights the screen on view; deleting the chat can be undone, and a deletion left to
 * run still happens when the page goes away. Every screen passes axe (notify-*.png).
 */
import type { Page } from 'playwright-core';
import { ExpectationError, journey } from '../helpers/index.js';
import { DEMO_PASSWORD, fillSignIn, Findings, SELLER, SELLER_NAME, signIn } from './support.js';

/** A demo client no other journey signs in as, so its unread count starts at zero. */
const CLIENT = 'tom.baker-1@demo.mayamarket.example';

/** A same-origin API call from the page, as the app makes it (cookie session, CSRF header). */
async function api<T>(page: Page, path: string, method = 'GET', body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          'x-requested-with': 'fetch',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      return response.status === 204 ? null : response.json();
    },
    { path, method, body },
  ) as Promise<T>;
}

/** Waits until the page shows `count` unread messages (0: none) in the drawer, bar and title. */
async function expectUnread(page: Page, count: number, where: string): Promise<void> {
  const name = count > 0 ? `Chats, ${count} unread` : 'Chats';
  const step = async (what: string, check: () => Promise<unknown>) =>
    check().catch(() => {
      throw new ExpectationError(`${where}: ${what} did not show ${count} unread`);
    });
  await step('the side drawer', () =>
    page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name, exact: true })
      .waitFor({ timeout: 10_000 }),
  );
  await step('the top bar', () =>
    page.getByRole('banner').getByRole('link', { name, exact: true }).waitFor({ timeout: 5_000 }),
  );
  await step('the tab title', () =>
    page.waitForFunction(
      (count) =>
        count > 0 ? document.title.startsWith(`(${count}) `) : !document.title.startsWith('('),
      count,
      { timeout: 5_000 },
    ),
  );
}

const messageToast = (page: Page) =>
  page.locator('.Toastify__toast').filter({ hasText: `New message from ${SELLER_NAME}` });

journey(
  'notify: a client sees a new message everywhere in the app, in every tab, until they read it',
  async ({ newPage }) => {
    const findings = new Findings('notify');
    await findings.run(async () => {
      const business = findings.track('business', await newPage());
      const client = findings.track('client', await newPage());
      await signIn(business, '/sellerauth', SELLER);
      await signIn(client, '/buyerauth', CLIENT);

      // A second tab of the client, on the directory too.
      const tab = await client.context.newPage();
      await tab.goto(new URL('/dashboard', client.baseUrl).toString());
      await tab.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
      await expectUnread(client.page, 0, 'before any message, the first tab');
      await expectUnread(tab, 0, 'before any message, the second tab');

      // The business writes.
      const { user } = await api<{ user: { id: string } }>(client.page, '/auth/session');
      const { chat } = await api<{ chat: { id: string } }>(business.page, '/chats', 'POST', {
        partnerId: user.id,
      });
      const words = `Your quote for the new logo is ready (${Date.now()})`;
      await api(business.page, `/chats/${chat.id}/messages`, 'POST', {
        body: words,
        clientId: `notify-${Date.now()}`,
      });

      await expectUnread(client.page, 1, 'after the message, the first tab');
      await expectUnread(tab, 1, 'after the message, the second tab');
      for (const page of [client.page, tab]) {
        await messageToast(page)
          .filter({ hasText: words })
          .waitFor({ timeout: 10_000 })
          .catch(() => {
            throw new ExpectationError(`${page.url()}: no toast for the business's message`);
          });
      }

      // The toasts are styled by react-toastify's variables, set on their own container rather
      // than on the page's root (apps/web/toast-styles.ts).
      const styling = await messageToast(client.page)
        .first()
        .evaluate((element) => ({
          minHeight: getComputedStyle(element).minHeight,
          onRoot: getComputedStyle(document.documentElement).getPropertyValue(
            '--toastify-toast-min-height',
          ),
        }));
      if (styling.minHeight !== '64px' || styling.onRoot !== '') {
        throw new ExpectationError(`the toast's styling: ${JSON.stringify(styling)}`);
      }

      // Clicking the toast opens the chat; reading it clears everything in both tabs.
      const toast = messageToast(client.page);
      if ((await toast.count()) === 0) {
        throw new ExpectationError('the toast closed before it could be clicked');
      }
      await toast.getByRole('button', { name: /^New message from/ }).click();
      await client.page.waitForURL(`**/inbox/${chat.id}`, { timeout: 10_000 });
      await client.page
        .getByRole('log', { name: `Messages with ${SELLER_NAME}` })
        .getByText(words)
        .waitFor({ timeout: 10_000 });
      await expectUnread(client.page, 0, 'after reading, the first tab');
      await client.settle();
      await findings.screen(client, 'client-chat-read');
      await expectUnread(tab, 0, 'after reading in the first tab, the second tab');
      await messageToast(tab)
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => {
          throw new ExpectationError('the second tab kept the toast of a chat read in the first');
        });

      // The drawer highlights the screen on view: Chats in the chat, not on the dashboard.
      const drawer = client.page.getByRole('navigation', { name: 'Workspace' });
      const highlighted = (entry: string, where: string) =>
        drawer
          .locator('[aria-current="page"] .MuiListItemText-root')
          .filter({ hasText: new RegExp(`^${entry}$`) })
          .waitFor({ timeout: 5_000 })
          .catch(async () => {
            const shown = await drawer.locator('[aria-current="page"]').allInnerTexts();
            throw new ExpectationError(
              `${where} the drawer highlights ${JSON.stringify(shown)}, not "${entry}"`,
            );
          });
      await highlighted('Chats', 'in a chat');
      await client.page
        .getByRole('banner')
        .getByRole('link', { name: 'Dashboard' })
        .first()
        .click();
      await client.page.waitForURL('**/dashboard');
      await highlighted('Sellers', 'on the dashboard');

      // A signed-out visitor of the chat's address signs in and lands on the chat.
      const visitor = findings.track('visitor', await newPage());
      await visitor.goto(`/inbox/${chat.id}`);
      await visitor.page.waitForURL(
        (url) => url.pathname === '/signin' && url.searchParams.get('next') === `/inbox/${chat.id}`,
        { timeout: 10_000 },
      );
      await visitor.settle();
      await findings.screen(visitor, 'visitor-sign-in-first');
      await fillSignIn(visitor.page, CLIENT, DEMO_PASSWORD);
      await visitor.page.waitForURL(`**/inbox/${chat.id}`, { timeout: 15_000 });
      await visitor.page
        .getByRole('log', { name: `Messages with ${SELLER_NAME}` })
        .getByText(words)
        .waitFor({ timeout: 10_000 });

      // Deleting the chat offers Undo, which keeps it.
      await client.goto('/inbox');
      const entry = client.page
        .getByRole('list', { name: 'Chat history' })
        .getByRole('button', { name: new RegExp(`^(?!Delete chat with).*${SELLER_NAME}`) });
      await entry.waitFor({ timeout: 10_000 });
      const remove = client.page.getByRole('button', {
        name: `Delete chat with ${SELLER_NAME}`,
        exact: true,
      });
      await remove.click();
      await entry.waitFor({ state: 'detached', timeout: 5_000 });
      const undoToast = client.page
        .locator('.Toastify__toast')
        .filter({ hasText: 'Chat deleted.' });
      await undoToast.waitFor({ timeout: 5_000 });
      await undoToast.getByRole('button', { name: 'Undo' }).click();
      await entry.waitFor({ timeout: 5_000 });
      await client.settle();
      await findings.screen(client, 'client-inbox-after-undo');
      await client.page.waitForTimeout(9_000); // longer than the undo window
      const kept = await api<{ items: { id: string }[] }>(client.page, '/chats');
      if (!kept.items.some((item) => item.id === chat.id)) {
        throw new ExpectationError('the chat was deleted although its deletion was undone');
      }

      // Deleted again and the page left at once: the deletion still happens.
      await remove.click();
      await entry.waitFor({ state: 'detached', timeout: 5_000 });
      await client.goto('/dashboard');
      const deadline = Date.now() + 5_000;
      for (;;) {
        const { items } = await api<{ items: { id: string }[] }>(client.page, '/chats');
        if (!items.some((item) => item.id === chat.id)) break;
        if (Date.now() > deadline) {
          throw new ExpectationError('a chat deleted just before leaving the page was kept');
        }
        await client.page.waitForTimeout(250);
      }
      await tab.close();
    });
  },
);
