/**
 * Sign-out everywhere: a client's session is ended from outside the browser (a logout call with
 * the same session token from another client), and the browser's next start, online and offline
 * (from the service worker's shell), draws nothing of the client and leaves no word of their chats
 * in localStorage, sessionStorage, IndexedDB or Cache Storage. While the session is live, the
 * saved cache holds no readable word of the chats either, and a start of a signed-in screen's
 * shell still draws the chat from it before any chat request answers. An open tab hears of the
 * end too (the server closes its socket). Screenshots: sign-out-everywhere-*-{375,1280}.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { request, type Page } from 'playwright-core';
import { expect, journey, resizeTo, type PageSession } from '../helpers/index.js';
import { screenshotsDir } from '../helpers/paths.js';
import { signIn } from './support.js';

/** A demo client no other journey signs in as. */
const CLIENT = 'emily.clarke-7@demo.mayamarket.example';
const CLIENT_NAME = 'Emily Clarke';
/** Businesses other journeys chat with: their inboxes stay as those journeys expect. */
const TAKEN = new Set(['Casa Serena', 'Bright Reach Studio']);
const CACHE_KEY = 'maya:query-cache';

/**
 * Everything the page's origin keeps: localStorage, sessionStorage, every IndexedDB store's
 * records and every Cache Storage entry's body, as one text to search.
 */
function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const [label, storage] of [
      ['local', localStorage],
      ['session', sessionStorage],
    ] as const) {
      for (let index = 0; index < storage.length; index += 1) {
        const name = storage.key(index)!;
        parts.push(`${label}:${name}=${storage.getItem(name)}`);
      }
    }
    // No named helper here: the test's compiler would name it with a function the page lacks.
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(new Error(String(opening.error)));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const reading = db.transaction(store).objectStore(store).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(new Error(String(reading.error)));
        });
        parts.push(`indexeddb:${name}/${store}=${JSON.stringify(records)}`);
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const entry of await cache.keys()) {
        const answer = await cache.match(entry);
        parts.push(`cache:${name}:${entry.url}=${answer ? await answer.text() : ''}`);
      }
    }
    return parts.join('\n');
  });
}

/** Fails naming the store when any of `words` is kept anywhere by the origin. */
async function expectNothingKept(page: Page, words: string[], when: string): Promise<string> {
  const stored = await everythingStored(page);
  for (const word of words) {
    const line = stored.split('\n').find((entry) => entry.includes(word));
    expect(!line, `${when}: "${word}" is kept in ${line?.slice(0, 120)}`);
  }
  return stored;
}

/** Fails when the page shows any of `words`. */
async function expectNothingDrawn(page: Page, words: string[], when: string): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  for (const word of words) expect(!text.includes(word), `${when}: the page shows "${word}"`);
}

async function photograph(page: Page, name: string): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  for (const width of [375, 1280]) {
    await resizeTo(page, width);
    await page.screenshot({
      path: join(screenshotsDir, `sign-out-everywhere-${name}-${width}.png`),
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await resizeTo(page, 1280);
}

/** Ends the browser's session from another client, with the same session token. */
async function endSessionFromOutside(session: PageSession): Promise<void> {
  const token = (await session.context.cookies()).find(
    (cookie) => cookie.name === 'maya_session',
  )?.value;
  expect(token, 'the browser holds no session cookie');
  const elsewhere = await request.newContext({ baseURL: session.baseUrl });
  try {
    const answer = await elsewhere.post('/api/v1/auth/logout', {
      headers: { cookie: `maya_session=${token}`, 'x-requested-with': 'fetch' },
    });
    expect(answer.status() === 204, `the logout from outside answered ${answer.status()}`);
  } finally {
    await elsewhere.dispose();
  }
}

/** Opens a chat with a business and writes `text` in it, through the API as the client. */
async function chatWith(session: PageSession, text: string): Promise<string> {
  const api = session.context.request;
  const headers = { 'x-requested-with': 'fetch' };
  const sellers = (await (await api.get('/api/v1/users?role=seller&limit=50')).json()) as {
    items: { id: string; fullName: string }[];
  };
  const partner = sellers.items.find((seller) => !TAKEN.has(seller.fullName));
  expect(partner, 'the directory has no business to chat with');
  const opened = await api.post('/api/v1/chats', { headers, data: { partnerId: partner.id } });
  expect(opened.ok(), `opening a chat answered ${opened.status()}`);
  const { chat } = (await opened.json()) as { chat: { id: string } };
  const sent = await api.post(`/api/v1/chats/${chat.id}/messages`, {
    headers,
    data: { body: text, clientId: `sign-out-${Date.now()}` },
  });
  expect(sent.ok(), `sending a message answered ${sent.status()}`);
  return chat.id;
}

/** Opens the chat, and waits until the browser has saved its cache. */
async function openChatAndSave(session: PageSession, chatPath: string, text: string) {
  await session.goto(chatPath);
  await session.page.getByText(text).first().waitFor({ timeout: 15_000 });
  await session.page.waitForFunction((key) => localStorage.getItem(key) !== null, CACHE_KEY, {
    timeout: 20_000,
  });
}

async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

journey(
  'sign-out everywhere: a session ended from outside leaves nothing of its chats in the browser, online or offline',
  async ({ newPage }) => {
    const session = await newPage({ contextOptions: { serviceWorkers: 'allow' } });
    const { page, context } = session;
    const secret = `The gate code is ${Date.now()}`;
    const personal = [secret, CLIENT, CLIENT_NAME];

    await signIn(session, '/buyerauth', CLIENT);
    const chatPath = `/inbox/${await chatWith(session, secret)}`;
    await openChatAndSave(session, chatPath, secret);

    // Signed in, the saved cache is there but sealed: no word of the chat can be read from it.
    const signedIn = await expectNothingKept(page, [secret, CLIENT], 'signed in');
    expect(signedIn.includes(`local:${CACHE_KEY}=`), 'signed in, nothing was saved');

    // A start of the screen's shell (the server draws it only once the browser has named its time
    // zone) draws the chat from the saved cache as soon as the session answers, before any chat
    // request does.
    await context.clearCookies({ name: 'maya_tz' });
    let releaseChats: () => void = () => undefined;
    const chatsHeld = new Promise<void>((resolve) => (releaseChats = resolve));
    await page.route(/\/api\/v1\/chats/, async (route) => {
      await chatsHeld;
      // Handled already when the page went on meanwhile.
      await route.continue().catch(() => undefined);
    });
    await page.goto(new URL(chatPath, session.baseUrl).toString(), { waitUntil: 'commit' });
    await page.getByText(secret).first().waitFor({ timeout: 15_000 });
    releaseChats();
    await page.unroute(/\/api\/v1\/chats/);
    await session.settle();

    // Online: the session ends while no page of the app is open; the next start draws nothing of
    // the client, and nothing of them is kept.
    await page.goto('about:blank');
    await endSessionFromOutside(session);
    await session.goto(chatPath);
    await page.waitForURL((url) => url.pathname === '/signin', { timeout: 15_000 });
    await session.settle();
    await expectNothingDrawn(page, personal, 'online after the session ended');
    const online = await expectNothingKept(page, personal, 'online after the session ended');
    expect(
      !online.includes(`local:${CACHE_KEY}=`),
      'online after the session ended: a cache is kept',
    );
    await photograph(page, 'online');
    session.expectNoIssues();

    // An open tab hears of it too: the server closes the session's socket, the app asks who is
    // signed in, and forgets the client at once.
    await signIn(session, '/buyerauth', CLIENT);
    await openChatAndSave(session, chatPath, secret);
    await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
    await endSessionFromOutside(session);
    await page.waitForURL((url) => url.pathname === '/signin', { timeout: 20_000 });
    await expectNothingDrawn(page, personal, 'in the open tab after the session ended');
    await expectNothingKept(page, personal, 'in the open tab after the session ended');
    expect(
      await page.evaluate((key) => localStorage.getItem(key) === null, CACHE_KEY),
      'in the open tab after the session ended: a cache is kept',
    );

    // Offline: the service worker gives the screen's shell, and the session cannot be asked. The
    // start waits for it (at most 3 s) to open the saved cache, then says the screen loads once the
    // connection is back, and draws nothing of the client; what stays in storage cannot be read.
    await signIn(session, '/buyerauth', CLIENT);
    await openChatAndSave(session, chatPath, secret);
    await workerInControl(page);
    // A visit with the worker in control, as any later one: the screen's code is in its cache.
    await session.goto(chatPath);
    await page.getByText(secret).first().waitFor({ timeout: 15_000 });
    await session.settle();
    await page.goto('about:blank');
    await endSessionFromOutside(session);
    await context.setOffline(true);
    await page.goto(new URL(chatPath, session.baseUrl).toString(), { waitUntil: 'load' });
    await page
      .locator('#main [role="status"]')
      .getByText("You're offline.")
      .waitFor({ timeout: 15_000 });
    await page.waitForTimeout(4000);
    await expectNothingDrawn(page, personal, 'offline after the session ended');
    await expectNothingKept(page, personal, 'offline after the session ended');
    await photograph(page, 'offline');

    // Back online, the session's answer (asked again by itself) says it has ended: the screen
    // turns to the sign-in form and nothing at all is kept.
    await context.setOffline(false);
    await page.waitForURL((url) => url.pathname === '/signin', { timeout: 20_000 });
    // The cache goes once the app has read the session's answer; a loaded machine takes seconds.
    await page.waitForFunction((key) => localStorage.getItem(key) === null, CACHE_KEY, {
      timeout: 30_000,
    });
    await expectNothingDrawn(page, personal, 'online again');
    await expectNothingKept(page, personal, 'online again');
  },
  { timeoutMs: 240_000 },
);
