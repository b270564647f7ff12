/**
 * The screens on a phone and on a desktop, in English and Portuguese: a 30-message chat keeps its
 * header and message box on screen with the email banner shown, and a pasted 2,400 characters
 * stay whole with a count; three answers of Maya keep her box on screen; a sign-up refused by the
 * server shows the field at fault, focused; and /dashboard offline says so, keeping what it had,
 * and opens offline from the installed app, at /dashboard and at its start (/), with its notice
 * instead of a spinner and the signed-in top bar (phone-*.png at 375 and 1280 px).
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  expect,
  expectNoAxeViolations,
  journey,
  resizeTo,
  screenshotsDir,
  SIGNED_OUT_ALLOWED,
  type PageSession,
} from '../helpers/index.js';
import { BUYER, DEMO_PASSWORD, fillSignIn } from './support.js';

const WIDTHS = [375, 1280] as const;
const LANGUAGES = ['en', 'pt'] as const;
type Language = (typeof LANGUAGES)[number];
/** A phone's window is shorter than the suite's default 900 px. */
const heightOf = (width: number) => (width < 600 ? 740 : 800);

/** The words a check looks for, as the interface shows them in each language. */
const WORDS = {
  en: {
    banner: 'Confirm your email address',
    messages: (name: string) => `Messages with ${name}`,
    message: 'Message',
    send: 'Send',
    back: 'Back to chats',
    tooLong: 'Too long to send: 2,400 of 2,000 characters. Shorten it by 400.',
    maya: 'Message to Maya',
    conversation: 'Conversation with Maya',
    password: /^Password/,
    createAccount: 'Create account',
    offline: "You're offline.",
    dashboard: 'Dashboard',
    signIn: /^Login to/,
    chats: /^Chats/,
    workspace: 'Workspace',
    chatHistory: 'Chat history',
  },
  pt: {
    banner: 'Confirme seu endereço de e-mail',
    messages: (name: string) => `Mensagens com ${name}`,
    message: 'Mensagem',
    send: 'Enviar',
    back: 'Voltar para as conversas',
    tooLong: 'Longa demais para enviar: 2.400 de 2.000 caracteres. Encurte em 400.',
    maya: 'Mensagem para a Maya',
    conversation: 'Conversa com a Maya',
    password: /^Senha/,
    createAccount: 'Criar conta',
    offline: 'Você está sem conexão.',
    dashboard: 'Painel',
    signIn: /^Entrar como/,
    chats: /^Conversas/,
    workspace: 'Área de trabalho',
    chatHistory: 'Histórico de conversas',
  },
} as const;

/** Businesses other journeys chat with: this one leaves their chats alone. */
const TAKEN = ['Bright Reach Studio', 'Casa Serena'];

async function setLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((code) => localStorage.setItem('language', code), language);
}

/**
 * Signs in through the client portal; waits longer than the suite's helper, since these journeys
 * redraw four screens each and a shared machine may be slow.
 */
async function signIn(session: PageSession, email: string, password = DEMO_PASSWORD) {
  session.page.setDefaultTimeout(60_000);
  await session.goto('/buyerauth');
  await fillSignIn(session.page, email, password);
  await session.page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  await session.settle();
}

/** Fails unless the element is wholly inside the window. */
async function expectInView(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  if (box === null) {
    // What the window showed instead, and the page's own words for it (an error screen?).
    await photographFailure(page, what);
    const shown = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400))
      .catch(() => 'unreadable');
    expect(false, `${what} is not drawn; the page shows: ${shown}`);
  }
  const inside =
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= view.width + 0.5 &&
    box.y + box.height <= view.height + 0.5;
  expect(
    inside,
    `${what} is outside the ${view.width}×${view.height} window: ${JSON.stringify(box)}`,
  );
}

/** Fails unless the element is wholly inside the visible part of the scrolling box. */
async function expectWithin(locator: Locator, box: Locator, what: string): Promise<void> {
  const [inner, outer] = await Promise.all([locator.boundingBox(), box.boundingBox()]);
  expect(inner !== null && outer !== null, `${what} is not drawn`);
  expect(
    inner.y >= outer.y - 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5,
    `${what} is scrolled out of its conversation: ${JSON.stringify({ inner, outer })}`,
  );
}

/** Fails if the page itself scrolls: only the conversation inside it may. */
async function expectPageFits(page: Page, where: string): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollHeight,
    window: window.innerHeight,
  }));
  expect(
    sizes.scroll <= sizes.window + 1,
    `${where}: the page is ${sizes.scroll} px tall in a ${sizes.window} px window`,
  );
}

/**
 * The top bar is the signed-in person's (their chats and dashboard, no sign-in), and on a wide
 * screen the drawer beside it is their menu, though the server cannot be reached to say who is
 * signed in. Each is a chunk of its own, from the worker's cache: on a loaded machine they can
 * come well after the notice.
 */
async function expectSignedInBar(
  session: PageSession,
  words: (typeof WORDS)[Language],
  what: string,
): Promise<void> {
  const { page } = session;
  const bar = page.getByRole('banner');
  const wide = page.viewportSize()!.width >= 900;
  const parts = [
    ['a link to the dashboard', bar.getByRole('link', { name: words.dashboard, exact: true })],
    ['a link to the chats', bar.getByRole('link', { name: words.chats })],
    ...(wide
      ? ([['the drawer', page.getByRole('navigation', { name: words.workspace })]] as const)
      : []),
  ] as const;
  for (const [part, locator] of parts) {
    const shown = await locator
      .last()
      .waitFor({ timeout: 60_000 })
      .then(
        () => true,
        () => false,
      );
    const state = shown ? '' : await barState(page, what);
    expect(shown, `${what}: no ${part}; ${state}; ${JSON.stringify(session.issues.pageErrors)}`);
  }
  const signIn = await bar.getByRole('link', { name: words.signIn }).count();
  expect(signIn === 0, `${what}: the top bar offers to sign in`);
}

/** What a failed bar check saw: the bar, what the browser keeps of the person, the page's errors. */
async function barState(page: Page, what: string): Promise<string> {
  await photographFailure(page, what);
  return page
    .evaluate(() => {
      const banner = Array.from(document.querySelectorAll('header')).find(
        (header) => !header.closest('article, aside, main, nav, section'),
      );
      return JSON.stringify({
        links: Array.from(banner?.querySelectorAll('a') ?? []).map(
          (link) => link.getAttribute('aria-label') ?? link.textContent ?? '',
        ),
        banner: banner?.outerHTML.replace(/ class="[^"]*"/g, '').slice(0, 1500) ?? 'none',
        kept: Object.keys(localStorage),
        role: localStorage.getItem('maya:signed-in-role'),
        online: navigator.onLine,
        alerts: Array.from(document.querySelectorAll('[role=alert]')).map(
          (node) => node.textContent,
        ),
      });
    })
    .catch((error: unknown) => `the page could not be read: ${String(error)}`);
}

/** The window when a check about `what` failed, named after it; a failed shot is let go. */
async function photographFailure(page: Page, what: string): Promise<void> {
  await photograph(page, `${what.replace(/\W+/g, '-')}-failure`).catch(() => undefined);
}

/** The window as it is, to test-results/screenshots/<name>.png. */
async function photograph(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: join(screenshotsDir, `${name}.png`),
    animations: 'disabled',
    caret: 'hide',
  });
}

/** A JSON call of the app's API from the page, with its session. */
async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate<T, { path: string; body: unknown }>(
    async ({ path, body }) => {
      const response = await fetch(`/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
    { path, body },
  );
}

journey(
  'phone screens: a 30-message chat keeps its header and box on screen, banner shown, at 375 and 1280 px in both languages',
  async ({ newPage }) => {
    const session = await newPage();
    const { page } = session;
    const email = `phone-chat-${Date.now()}@example.test`;
    const password = 'a long phone passphrase';
    await session.goto('/buyerauth');
    const accepted = await page.request.post('/api/v1/auth/signup', {
      headers: { 'x-requested-with': 'fetch' },
      data: { role: 'buyer', email, password, firstName: 'Rita', lastName: 'Fonseca' },
    });
    expect(accepted.status() === 202, `the sign-up answered ${accepted.status()}`);
    // Signed in before confirming the address: the banner stays on top of every screen.
    await signIn(session, email, password);

    const found = await api<{ items: { id: string; fullName: string }[] }>(page, '/users?limit=24');
    const [business, silent] = found.items.filter((item) => !TAKEN.includes(item.fullName));
    expect(Boolean(business && silent), 'the demo directory has too few businesses');
    const { chat } = await api<{ chat: { id: string } }>(page, '/chats', {
      partnerId: business!.id,
    });
    for (let index = 1; index <= 30; index += 1) {
      await api(page, `/chats/${chat.id}/messages`, {
        body: `Question ${index}: is the ${index}th of June free for a table of ${index + 1}?`,
        clientId: `phone-chat-${chat.id.slice(0, 8)}-${index}`,
      });
    }
    // "Chat Now" without a word: that chat opens, but is not listed until its first message.
    const { chat: empty } = await api<{ chat: { id: string } }>(page, '/chats', {
      partnerId: silent!.id,
    });

    for (const language of LANGUAGES) {
      const words = WORDS[language];
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await resizeTo(page, width, heightOf(width));
        await session.goto(`/inbox/${chat.id}`);
        const log = page.getByRole('log', { name: words.messages(business!.fullName) });
        const newest = log.getByText(/^Question 30:/);
        await newest.waitFor({ timeout: 60_000 });
        await session.settle();
        const where = `${language} ${width} px`;
        await expectInView(
          page,
          page.getByRole('region', { name: words.banner }),
          `${where}: the banner`,
        );
        await expectInView(
          page,
          page.getByRole('heading', { level: 2, name: business!.fullName }),
          `${where}: the chat's header`,
        );
        if (width < 900) {
          await expectInView(
            page,
            page.getByRole('button', { name: words.back }),
            `${where}: Back`,
          );
        }
        await expectInView(page, newest, `${where}: the newest message`);
        await expectWithin(newest, log, `${where}: the newest message`);
        const box = page.getByRole('textbox', { name: words.message });
        await expectInView(page, box, `${where}: the message box`);
        await expectInView(
          page,
          page.getByRole('button', { name: words.send, exact: true }),
          `${where}: Send`,
        );
        await expectPageFits(page, where);
        if (width > 900) {
          // Today's message shows its time in the list; the empty chat is not in it.
          const list = page.getByRole('list', { name: words.chatHistory });
          await list.getByText(/^\d{2}:\d{2}$/).waitFor();
          const entries = await list.getByRole('button').allInnerTexts();
          expect(
            !entries.some((entry) => entry.includes(silent!.fullName)),
            `${where}: the chat without a message is listed`,
          );
        }
        await photograph(page, `phone-chat-${language}-${width}`);
        await expectNoAxeViolations(page, `phone-chat-${language}-${width}`);

        // 2,400 characters pasted stay whole; the box says by how much they are too long.
        await box.fill('x'.repeat(2400));
        const counter = page.getByRole('status').filter({ hasText: words.tooLong });
        await counter.waitFor();
        expect(
          (await box.inputValue()).length === 2400,
          `${where}: the pasted text was cut to ${(await box.inputValue()).length}`,
        );
        expect(
          await page.getByRole('button', { name: words.send, exact: true }).isDisabled(),
          `${where}: Send is enabled for a message that is too long`,
        );
        await expectInView(page, counter, `${where}: the count`);
        await expectInView(page, box, `${where}: the message box with a long text`);
        await photograph(page, `phone-chat-too-long-${language}-${width}`);
        await expectNoAxeViolations(page, `phone-chat-too-long-${language}-${width}`);
        await box.fill('');
      }
    }
    const opened = await api<{ chat: { id: string } }>(page, `/chats/${empty.id}`);
    expect(opened.chat.id === empty.id, 'the chat without a message does not open by its id');
    session.expectNoIssues();
  },
  { timeoutMs: 600_000 },
);

journey(
  'phone screens: three answers of Maya keep her box on screen at 375 and 1280 px in both languages',
  async ({ newPage }) => {
    const session = await newPage({ viewport: { width: 375, height: heightOf(375) } });
    const { page } = session;
    await signIn(session, BUYER);
    await session.goto('/assistant');
    const box = page.getByRole('textbox', { name: WORDS.en.maya });
    await box.waitFor();
    const questions = [
      'A hair salon in Porto',
      'A kitchen renovation in Lisbon',
      'A photographer in Braga',
    ];
    for (const [index, question] of questions.entries()) {
      await box.fill(question);
      await page.keyboard.press('Enter');
      // Answered: Maya's answer is in, and the box takes words again.
      await page.waitForFunction(
        ({ label, conversation, answers, question }) => {
          const log = document.querySelector(`[role="log"][aria-label="${conversation}"]`);
          const field = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
          const mayas = log?.querySelectorAll('img[src="/maya.svg"]').length ?? 0;
          const asked = log?.textContent?.includes(question) ?? false;
          return asked && mayas >= answers && field !== null && !field.disabled;
        },
        {
          label: WORDS.en.maya,
          conversation: WORDS.en.conversation,
          answers: index + 1,
          question,
        },
        { timeout: 90_000 },
      );
    }

    for (const language of LANGUAGES) {
      const words = WORDS[language];
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await resizeTo(page, width, heightOf(width));
        // The conversation is kept in this browser: it is back after the page loads again.
        await session.goto('/assistant');
        const log = page.getByRole('log', { name: words.conversation });
        await log
          .getByText('A photographer in Braga', { exact: true })
          .waitFor({ timeout: 60_000 });
        await session.settle();
        const where = `Maya, ${language} ${width} px`;
        await expectInView(
          page,
          page.getByRole('textbox', { name: words.maya }),
          `${where}: her box`,
        );
        await expectInView(
          page,
          page.getByRole('button', { name: words.send, exact: true }),
          `${where}: Send`,
        );
        // The newest answer's end is in view: the conversation scrolled to it.
        const end = await log.evaluate((element) => ({
          hidden: element.scrollHeight - element.scrollTop - element.clientHeight,
          scrolls: element.scrollHeight > element.clientHeight,
        }));
        expect(
          end.scrolls,
          `${where}: three answers fit without scrolling; the check proves nothing`,
        );
        expect(
          end.hidden < 4,
          `${where}: ${end.hidden} px of the newest answer are below the view`,
        );
        await expectPageFits(page, where);
        await photograph(page, `phone-maya-${language}-${width}`);
        await expectNoAxeViolations(page, `phone-maya-${language}-${width}`);
      }
    }
    session.expectNoIssues();
  },
  { timeoutMs: 480_000 },
);

/** A password on the breached list is refused by the server (400), by design here. */
const COMMON_PASSWORD_ALLOWED = [
  ...SIGNED_OUT_ALLOWED,
  { path: '/api/v1/auth/signup', status: 400 },
];

journey(
  'phone screens: a sign-up the server refuses shows the field at fault, in view and focused, at 375 and 1280 px in both languages',
  async ({ newPage }) => {
    const session = await newPage({ allow: COMMON_PASSWORD_ALLOWED });
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await session.goto('/buyerauth');
    for (const language of LANGUAGES) {
      const words = WORDS[language];
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await resizeTo(page, width, heightOf(width));
        await session.goto('/buyerauth?mode=signup');
        const create = page.getByRole('button', { name: words.createAccount, exact: true });
        await create.waitFor();
        await page.getByLabel(/^E-?mail/).fill(`phone-signup-${Date.now()}@example.test`);
        // Long enough for the form's own check, but on the list of breached passwords.
        await page.getByLabel(words.password).fill('password123');
        await page.getByLabel(/^(First name|Nome)/).fill('Rui');
        await page.getByLabel(/^(Last name|Sobrenome)/).fill('Lopes');
        await create.scrollIntoViewIfNeeded();
        await create.click();
        const password = page.getByLabel(words.password);
        await page.waitForFunction(
          () => document.activeElement?.getAttribute('aria-invalid') === 'true',
          undefined,
          { timeout: 60_000 },
        );
        const where = `sign-up, ${language} ${width} px`;
        expect(
          await password.evaluate((element) => element === document.activeElement),
          `${where}: the focus is not on the password refused`,
        );
        await expectInView(page, password, `${where}: the password field`);
        const message = page.locator('#' + (await password.getAttribute('aria-describedby'))!);
        await expectInView(page, message.first(), `${where}: the password's message`);
        await photograph(page, `phone-signup-error-${language}-${width}`);
        await expectNoAxeViolations(page, `phone-signup-error-${language}-${width}`);
      }
    }
    session.expectNoIssues();
  },
  { timeoutMs: 480_000 },
);

/** Waits for the service worker to be active and in control of the page. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}

journey(
  'phone screens: /dashboard offline says so and keeps what it shows; the installed app opens offline with the notice and the logo',
  async ({ newPage }) => {
    const session: PageSession = await newPage({ contextOptions: { serviceWorkers: 'allow' } });
    const { page, context } = session;
    await signIn(session, BUYER);
    await session.goto('/dashboard');
    await page.getByRole('article').first().waitFor({ timeout: 60_000 });
    await workerInControl(page);
    session.expectNoIssues();

    for (const language of LANGUAGES) {
      const words = WORDS[language];
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await resizeTo(page, width, heightOf(width));
        await context.setOffline(false);
        await session.goto('/dashboard');
        await page.getByRole('article').first().waitFor({ timeout: 60_000 });
        const cards = await page.getByRole('article').count();
        const where = `${language} ${width} px`;

        // The connection drops with the screen open: a notice, and the cards stay.
        await context.setOffline(true);
        const notice = page.getByRole('status').filter({ hasText: words.offline });
        await notice.waitFor();
        await expectInView(page, notice, `${where}: the offline notice`);
        expect(
          (await page.getByRole('article').count()) === cards,
          `${where}: offline, the cards went`,
        );
        await photograph(page, `phone-offline-${language}-${width}`);
        await expectNoAxeViolations(page, `phone-offline-${language}-${width}`);

        // Opened again offline, from the worker: the notice instead of an endless spinner, and
        // the brand image from the worker's cache.
        await page.reload({ waitUntil: 'load' });
        await notice.waitFor({ timeout: 60_000 });
        expect(
          (await page.getByRole('progressbar').count()) === 0,
          `${where}: offline, a spinner still turns beside the notice`,
        );
        // The top bar is a chunk of its own, read from the worker's cache like the notice's, and
        // given as long: on a loaded machine it can come well after the notice.
        const logo = await page
          .waitForFunction(
            () =>
              Array.from(document.images).some(
                (image) =>
                  new URL(image.src).pathname === '/logo.svg' &&
                  image.complete &&
                  image.naturalWidth > 0,
              ),
            undefined,
            { timeout: 60_000 },
          )
          .then(
            () => true,
            () => false,
          );
        const images = logo
          ? ''
          : await page.evaluate(() =>
              Array.from(document.images)
                .map((image) => `${image.src} (${image.naturalWidth > 0 ? 'shown' : 'broken'})`)
                .join(', '),
            );
        expect(logo, `${where}: offline, no logo shown; the page's images: ${images || 'none'}`);
        const maya = await page.evaluate(() =>
          fetch('/maya.svg').then(
            (response) => response.status,
            () => 0,
          ),
        );
        expect(maya === 200, `${where}: offline, /maya.svg answered ${maya}`);
        await expectSignedInBar(session, words, `${where}: /dashboard opened offline`);
        await photograph(page, `phone-offline-start-${language}-${width}`);
        await expectNoAxeViolations(page, `phone-offline-start-${language}-${width}`);

        // The installed app's start (/, the landing page's shell, signed out): which screen is
        // the person's waits for the server, with the notice, under their own top bar.
        await page.goto(new URL('/', page.url()).href, { waitUntil: 'load' });
        await notice.waitFor({ timeout: 60_000 });
        await expectSignedInBar(session, words, `${where}: / opened offline`);
        await photograph(page, `phone-offline-home-${language}-${width}`);
        await expectNoAxeViolations(page, `phone-offline-home-${language}-${width}`);
      }
    }
    await context.setOffline(false);
  },
  { timeoutMs: 480_000 },
);
