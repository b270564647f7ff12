import { messageSchema, notificationSettingsSchema } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../config.js';
import { createDatabase, selectRows, type DatabaseHandle } from '../../db/client.js';
import { buildAppOn, buildTestApp } from '../../../test/build-test-app.js';
import { newChat, send } from '../../../test/chats.js';
import { quoteRequest, startDeal, taken } from '../../../test/deals.js';
import { connectSocket, type ClientSocket } from '../../../test/sockets.js';
import {
  SIGN_UP_MAIL,
  sameOrigin,
  signUpThroughSmtp,
  type SignedUp,
} from '../../../test/sessions.js';
import { startSmtpPeer, subjectOf, type ReceivedMail } from '../../../test/smtp-peer.js';
import { createPostgresTestDatabase, createTestDatabase } from '../../../test/test-database.js';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { UNREAD_MESSAGES_QUEUE } from './notifications.service.js';

const DELAY = '1';
const smtp = await startSmtpPeer();
const { app, url } = await buildTestApp(
  {
    SMTP_URL: smtp.url,
    MESSAGE_MAIL_DELAY_SECONDS: DELAY,
    JOBS_POLL_SECONDS: '0.5',
  },
  { listen: true },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An app whose mail waits a minute: its tests move time instead of waiting, by making messages
 * older (`age`) and the person's waiting job due now (`dueNow`), as the clock would.
 */
const TIMED_DELAY = 600;
const timed = await buildTestApp({
  SMTP_URL: smtp.url,
  MESSAGE_MAIL_DELAY_SECONDS: String(TIMED_DELAY),
  JOBS_POLL_SECONDS: '0.5',
});

/** Makes messages `seconds` older, as if they had been sent that long before. */
async function age(messages: { id: string }[], seconds: number) {
  for (const message of messages) {
    await timed.database.db.execute(
      sql`update messages set created_at = created_at - make_interval(secs => ${seconds})
          where id = ${message.id}`,
    );
  }
}

/** The person's waiting unread-message jobs, with when each is due. */
async function waitingJobs(userId: string) {
  const rows = await selectRows<{ start_after: Date | string }>(
    timed.database.db,
    sql`select start_after from pgboss.job
        where name = ${UNREAD_MESSAGES_QUEUE} and singleton_key = ${userId} and state = 'created'`,
  );
  return rows.map((row) => ({ startAfter: new Date(row.start_after) }));
}

/**
 * The person's waiting job is due now, as it would be once its time has come. The job is queued
 * after the response, off the request's path, so this waits for it to be there first.
 */
async function dueNow(userId: string) {
  await expect
    .poll(async () => (await waitingJobs(userId)).length, { timeout: 15_000, interval: 50 })
    .toBeGreaterThan(0);
  await timed.database.db.execute(
    sql`update pgboss.job set start_after = now()
        where name = ${UNREAD_MESSAGES_QUEUE} and singleton_key = ${userId} and state = 'created'`,
  );
}

/** Quoted-printable undone, so the words of a raw mail can be searched. */
const decoded = (mail: ReceivedMail) =>
  mail.raw
    .replaceAll('=\r\n', '')
    .replaceAll(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
    )
    .replaceAll(/\r\n[ \t]+/g, ' ');

/** The unread-message mails the peer holds for `email` (not the sign-up's). */
const unreadMailsTo = (email: string) =>
  smtp.inbox.filter(
    (mail) =>
      mail.to.includes(email.toLowerCase()) && !subjectOf(mail.raw).startsWith(SIGN_UP_MAIL),
  );

/** The unread-message mails for `email`, after waiting `ms` for more to come. */
async function mailsTo(email: string, ms = 3_000): Promise<ReceivedMail[]> {
  await sleep(ms);
  return unreadMailsTo(email);
}

/** Signs up through the mailed link read from the peer: only confirmed addresses are mailed. */
const signUpConfirmed = (application: FastifyInstance, overrides?: Record<string, unknown>) =>
  signUpThroughSmtp(application, smtp.inbox, overrides);

async function sent(application: FastifyInstance, user: SignedUp, chatId: string, body: string) {
  const response = await send(application, user, chatId, body);
  expect(response.statusCode).toBe(201);
  return messageSchema.parse(response.json().message);
}

async function settle(user: SignedUp, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/me/notifications',
    headers: user.headers,
    payload,
  });
  expect(response.statusCode).toBe(200);
  return notificationSettingsSchema.parse(response.json());
}

/** Emits a client event and resolves with the server's ack. */
function ask(socket: ClientSocket, event: 'chat:focus' | 'chat:blur', chatId: string) {
  return new Promise<{ ok: boolean; error?: { status: number } }>((resolve) =>
    socket.emit(event, { chatId }, (answer) => resolve(answer as { ok: boolean })),
  );
}

function unsubscribeLink(mail: ReceivedMail): string {
  const match = mail.raw.replaceAll(/\r\n[ \t]+/g, ' ').match(/^List-Unsubscribe: *<([^>]+)>/m);
  if (!match?.[1]) throw new Error('no List-Unsubscribe header');
  return match[1];
}

describe('mail about unread messages', () => {
  it('mails nothing when the message was read within the delay', async () => {
    const seller = await signUpConfirmed(app);
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    const chatId = await newChat(app, buyer, seller);
    const message = await sent(app, buyer, chatId, 'Are you there?');
    const read = await app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chatId}/read`,
      headers: seller.headers,
      payload: { messageId: message.id },
    });
    expect(read.statusCode).toBeLessThan(300);
    expect(await mailsTo(seller.email)).toEqual([]);
  });

  it('leaves every message text out when the recipient asked for none, in Portuguese when chosen', async () => {
    const seller = await signUpConfirmed(app, { firstName: 'Rita' });
    expect(await settle(seller, { messageText: false, language: 'pt-PT' })).toEqual({
      messageMail: 'digest',
      messageText: false,
      language: 'pt-PT',
    });
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    const chatId = await newChat(app, buyer, seller);
    await sent(app, buyer, chatId, 'my secret renovation budget');
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).not.toContain('secret renovation');
    expect(text).toContain('Olá Rita');
    expect(text).toContain('1 mensagem por ler');
    expect(text).toContain('<html lang="pt-PT">');
  });

  it("writes the web's Portuguese (pt, that is pt-BR) in Brazil's words", async () => {
    const seller = await signUpConfirmed(app, { firstName: 'Bia' });
    await settle(seller, { language: 'pt' });
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    await sent(app, buyer, await newChat(app, buyer, seller), 'oi');
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('Você tem mensagens no Maya Market');
    expect(text).toContain('1 mensagem não lida');
    expect(text).toContain('<html lang="pt-BR">');
  });

  it('mails nobody whose setting is off', async () => {
    const seller = await signUpConfirmed(app);
    await settle(seller, { messageMail: 'off' });
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    await sent(app, buyer, await newChat(app, buyer, seller), 'hello?');
    expect(await mailsTo(seller.email)).toEqual([]);
  });

  it('mails at most once per delay window, then the messages that came after', async () => {
    const seller = await signUpConfirmed(app);
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    const chatId = await newChat(app, buyer, seller);
    await sent(app, buyer, chatId, 'first');
    expect(await mailsTo(seller.email, 2_500)).toHaveLength(1);
    await sent(app, buyer, chatId, 'second');
    await sent(app, buyer, chatId, 'third');
    // Each later message is mailed once its own delay is over (together, or the younger one in
    // the next window), never the first again.
    const later = async () => (await mailsTo(seller.email, 0)).slice(1).map(decoded).join('\n');
    await expect.poll(later, { timeout: 10_000, interval: 500 }).toContain('> third');
    const text = await later();
    expect(text.split('> second').length - 1).toBe(1);
    expect(text.split('> third').length - 1).toBe(1);
    expect(text).not.toContain('> first');
  });

  it("unsubscribes from the link (a GET only asks) and from the header's one-click POST", async () => {
    const seller = await signUpConfirmed(app);
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    await sent(app, buyer, await newChat(app, buyer, seller), 'hello');
    const [mail] = await mailsTo(seller.email, 2_500);
    const link = new URL(unsubscribeLink(mail!));
    expect(link.origin).toBe('http://localhost:3000');
    const path = link.pathname + link.search;

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    const unchanged = await app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications',
      headers: seller.headers,
    });
    expect(unchanged.json()).toMatchObject({ messageMail: 'digest' });

    // RFC 8058: a POST of `List-Unsubscribe=One-Click`, no cookie, no sign-in.
    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications',
      headers: seller.headers,
    });
    expect(after.json()).toMatchObject({ messageMail: 'off' });

    // And the page's own form, for the person who clicked the link.
    await settle(seller, { messageMail: 'digest' });
    const fromPage = await app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        ...sameOrigin,
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.body).toContain('role="status"');
    const again = await app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications',
      headers: seller.headers,
    });
    expect(again.json()).toMatchObject({ messageMail: 'off' });
  });

  it('refuses an unsubscribe link whose signature does not match, changing nothing', async () => {
    const seller = await signUpConfirmed(app);
    const other = await signUpConfirmed(app);
    const forged = await app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?user=${seller.id}&token=${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'GET',
      url: `/api/v1/notifications/unsubscribe?user=${other.id}&token=short`,
    });
    expect(malformed.statusCode).toBe(400);
    const settings = await app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications',
      headers: seller.headers,
    });
    expect(settings.json()).toEqual({ messageMail: 'digest', messageText: true, language: 'en' });
  });

  it('refuses settings without a session and unknown values', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/me/notifications' });
    expect(anonymous.statusCode).toBe(401);
    const user = await signUpConfirmed(app);
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/notifications',
      headers: user.headers,
      payload: { messageMail: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('mails each chat on its own in the "each" mode', async () => {
    const seller = await signUpConfirmed(app);
    await settle(seller, { messageMail: 'each' });
    const one = await signUpConfirmed(app, {
      role: 'buyer',
      firstName: 'Uma',
      category: undefined,
    });
    const two = await signUpConfirmed(app, {
      role: 'buyer',
      firstName: 'Duarte',
      category: undefined,
    });
    await sent(app, one, await newChat(app, one, seller), 'from one');
    await sent(app, two, await newChat(app, two, seller), 'from two');
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => decoded(mail).includes('> from one'))).toContain(true);
    expect(mails.map((mail) => decoded(mail).includes('> from two'))).toContain(true);
  });
});

/** Two apps on one database, one after the other or side by side, as processes would be. */
const appOn = (database: DatabaseHandle, env: Record<string, string>) =>
  buildAppOn(database, { SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '0.5', ...env });

/** A business, Sara, and a client, Ana Alves, both confirmed, on the controlled clock's app. */
async function saraAndAna() {
  const seller = await signUpConfirmed(timed.app, { firstName: 'Sara' });
  const ana = await signUpConfirmed(timed.app, {
    role: 'buyer',
    firstName: 'Ana',
    lastName: 'Alves',
    category: undefined,
  });
  return { seller, ana };
}

describe('the digest on a controlled clock', () => {
  it('mails one digest after the delay, grouped by chat with partners, counts and the latest lines', async () => {
    const { seller, ana } = await saraAndAna();
    const bruno = await signUpConfirmed(timed.app, {
      role: 'buyer',
      firstName: 'Bruno',
      lastName: 'Braga',
      category: undefined,
    });
    const withAna = await newChat(timed.app, ana, seller);
    const withBruno = await newChat(timed.app, bruno, seller);
    const messages = [
      await sent(timed.app, ana, withAna, 'Do you open on Sundays?'),
      await sent(timed.app, ana, withAna, 'And is <b>parking</b> free?'),
      await sent(timed.app, bruno, withBruno, 'Can you quote a bathroom?'),
    ];
    // The whole delay passes for every message.
    await age(messages, TIMED_DELAY);
    await dueNow(seller.id);

    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('Subject: 3 unread messages from');
    expect(text).toContain('Ana Alves: 2 unread messages');
    expect(text).toContain('Bruno Braga: 1 unread message');
    expect(text).toContain('> Do you open on Sundays?');
    expect(text).toContain('http://localhost:3000/inbox/' + withAna);
    expect(text).toContain('http://localhost:3000/inbox/' + withBruno);
    // The HTML part quotes the text escaped, never as markup.
    expect(text).toContain('And is &lt;b&gt;parking&lt;/b&gt; free?');
    expect(text).not.toContain('<b>parking</b> free?</blockquote>');
    expect(text).toMatch(/Content-Type: text\/html/);
    expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Nobody else was mailed: the senders have nothing unread.
    expect(unreadMailsTo(ana.email)).toEqual([]);
  });

  it("counts a deal's move among the unread but quotes only typed words", async () => {
    const { seller, ana } = await saraAndAna();
    const requested = await taken(
      startDeal(timed.app, ana, seller.id, { type: 'request', request: quoteRequest() }),
    );
    const typed = await sent(timed.app, ana, requested.message.chatId, 'Any time that day.');
    await age([requested.message, typed], TIMED_DELAY);
    await dueNow(seller.id);

    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('Ana Alves: 2 unread messages');
    expect(text).toContain('> Any time that day.');
    expect(text).not.toMatch(/^ *> *$/m);
  });

  it("mails a deal's move alone, with no typed message after it, to the other person only", async () => {
    const { seller, ana } = await saraAndAna();
    const requested = await taken(
      startDeal(timed.app, ana, seller.id, { type: 'request', request: quoteRequest() }),
    );
    await age([requested.message], TIMED_DELAY);
    await dueNow(seller.id);
    // The move's one notice went to the seller: none waits for Ana.
    expect(await waitingJobs(ana.id)).toEqual([]);

    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    expect(decoded(mails[0]!)).toContain('Ana Alves: 1 unread message');
    expect(await mailsTo(ana.email)).toHaveLength(0);
  });

  it('covers only messages unread for the whole delay, not one that reused the job of a message read since', async () => {
    const seller = await signUpConfirmed(timed.app);
    const buyer = await signUpConfirmed(timed.app, { role: 'buyer', category: undefined });
    const chatId = await newChat(timed.app, buyer, seller);
    const first = await sent(timed.app, buyer, chatId, 'first, read at once');
    const read = await timed.app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chatId}/read`,
      headers: seller.headers,
      payload: { messageId: first.id },
    });
    expect(read.statusCode).toBeLessThan(300);
    // 2 min 40 s before the first message's job is due, a second one comes: it reuses that job.
    await age([first], TIMED_DELAY - 160);
    const second = await sent(timed.app, buyer, chatId, 'second, 2 min 40 s old');
    expect(await waitingJobs(seller.id)).toHaveLength(1);

    // The job's time comes: the second message has been unread for 2 min 40 s only.
    await age([first, second], 160);
    await dueNow(seller.id);
    expect(await mailsTo(seller.email, 3_000)).toEqual([]);
    // It waits for the second message's own delay.
    const [waiting] = await waitingJobs(seller.id);
    const dueIn = (waiting!.startAfter.getTime() - Date.now()) / 1000;
    expect(dueIn).toBeGreaterThan(TIMED_DELAY - 160 - 10);
    expect(dueIn).toBeLessThanOrEqual(TIMED_DELAY - 160 + 2);

    await age([second], TIMED_DELAY - 160);
    await dueNow(seller.id);
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('> second, 2 min 40 s old');
    expect(text).not.toContain('first, read at once');
  });

  it('leaves a message still too young to the next digest, which covers it once its delay is over', async () => {
    const seller = await signUpConfirmed(timed.app);
    const buyer = await signUpConfirmed(timed.app, { role: 'buyer', category: undefined });
    const chatId = await newChat(timed.app, buyer, seller);
    const older = await sent(timed.app, buyer, chatId, 'the older one');
    const newer = await sent(timed.app, buyer, chatId, 'the newer one');
    await age([older], TIMED_DELAY);
    await age([newer], 30);
    await dueNow(seller.id);

    const first = await mailsTo(seller.email);
    expect(first).toHaveLength(1);
    const text = decoded(first[0]!);
    expect(text).toContain('1 unread message');
    expect(text).toContain('> the older one');
    expect(text).not.toContain('the newer one');
    expect(await waitingJobs(seller.id)).toHaveLength(1);

    // Its delay is over, and so is the window since the first mail.
    await age([newer], TIMED_DELAY);
    await timed.database.db.execute(
      sql`update unread_mail_marks set mailed_at = mailed_at - make_interval(secs => ${TIMED_DELAY})
          where user_id = ${seller.id}`,
    );
    await dueNow(seller.id);
    await expect.poll(() => unreadMailsTo(seller.email).length, { timeout: 10_000 }).toBe(2);
    const later = decoded(unreadMailsTo(seller.email)[1]!);
    expect(later).toContain('> the newer one');
    expect(later).not.toContain('the older one');
  });
});

describe('the unread-message mail and where the person is looking', () => {
  /** A seller with two chats (two buyers), the seller's socket connected. */
  async function sellerWithTwoChats() {
    const seller = await signUpConfirmed(app);
    const one = await signUpConfirmed(app, {
      role: 'buyer',
      firstName: 'Olga',
      category: undefined,
    });
    const two = await signUpConfirmed(app, {
      role: 'buyer',
      firstName: 'Tiago',
      category: undefined,
    });
    const withOne = await newChat(app, one, seller);
    const withTwo = await newChat(app, two, seller);
    const { socket } = await connectSocket(url, seller.token);
    return { seller, one, two, withOne, withTwo, socket };
  }

  it('mails nothing about a chat the person has open on a visible page', async () => {
    const { seller, one, withOne, socket } = await sellerWithTwoChats();
    expect(await ask(socket, 'chat:focus', withOne)).toEqual({ ok: true });
    expect(await app.presence.isOnlineInChat(seller.id, withOne)).toBe(true);
    await sent(app, one, withOne, 'seen as it arrives');
    expect(await mailsTo(seller.email)).toEqual([]);
  });

  it('still mails when the app is open, but on another chat or page', async () => {
    const { seller, one, two, withOne, withTwo, socket } = await sellerWithTwoChats();
    expect(await ask(socket, 'chat:focus', withOne)).toEqual({ ok: true });
    await sent(app, one, withOne, 'in the open chat');
    await sent(app, two, withTwo, 'in the other chat');
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('> in the other chat');
    expect(text).not.toContain('in the open chat');
    expect(text).toContain('1 unread message');
  });

  it('mails about a chat whose tab was hidden or left (blur)', async () => {
    const { seller, one, withOne, socket } = await sellerWithTwoChats();
    expect(await ask(socket, 'chat:focus', withOne)).toEqual({ ok: true });
    expect(await ask(socket, 'chat:blur', withOne)).toEqual({ ok: true });
    expect(await app.presence.isOnlineInChat(seller.id, withOne)).toBe(false);
    await sent(app, one, withOne, 'while the tab was hidden');
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    expect(decoded(mails[0]!)).toContain('> while the tab was hidden');
  });

  it("refuses to focus another person's chat, which then still gets its mail", async () => {
    const { seller, one, withOne } = await sellerWithTwoChats();
    const stranger = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    const { socket: strangerSocket } = await connectSocket(url, stranger.token);
    const refused = await ask(strangerSocket, 'chat:focus', withOne);
    expect(refused).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await app.presence.isOnlineInChat(stranger.id, withOne)).toBe(false);
    const malformed = await ask(strangerSocket, 'chat:focus', 'not-a-chat');
    expect(malformed).toMatchObject({ ok: false, error: { status: 400 } });
    await sent(app, one, withOne, 'for the seller only');
    expect(await mailsTo(seller.email)).toHaveLength(1);
  });

  it('forgets the open chat when the socket goes', async () => {
    const { seller, withOne, socket } = await sellerWithTwoChats();
    expect(await ask(socket, 'chat:focus', withOne)).toEqual({ ok: true });
    socket.close();
    await sleep(200);
    expect(await app.presence.isOnlineInChat(seller.id, withOne)).toBe(false);
  });
});

describe('the unread-message mail across restarts and processes', () => {
  it('sends exactly one digest when the app restarts in the middle of the delay', async () => {
    const database = await createTestDatabase();
    try {
      const first = await appOn(database, { MESSAGE_MAIL_DELAY_SECONDS: '3' });
      const seller = await signUpConfirmed(first.app);
      const buyer = await signUpConfirmed(first.app, { role: 'buyer', category: undefined });
      await sent(first.app, buyer, await newChat(first.app, buyer, seller), 'before the restart');
      await first.close();
      expect(unreadMailsTo(seller.email)).toEqual([]);

      const second = await appOn(database, { MESSAGE_MAIL_DELAY_SECONDS: '3' });
      try {
        const mails = await mailsTo(seller.email, 6_000);
        expect(mails).toHaveLength(1);
        expect(decoded(mails[0]!)).toContain('> before the restart');
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });

  it.skipIf(!readEnv('DATABASE_URL'))(
    'sends one digest, not two, from two processes on one PostgreSQL',
    async () => {
      const shared = await createPostgresTestDatabase();
      const database = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const other = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const one = await appOn(database, { MESSAGE_MAIL_DELAY_SECONDS: '2' });
      const two = await appOn(other, { MESSAGE_MAIL_DELAY_SECONDS: '2' });
      try {
        const seller = await signUpConfirmed(one.app);
        const buyer = await signUpConfirmed(two.app, { role: 'buyer', category: undefined });
        const chatId = await newChat(two.app, buyer, seller);
        await sent(one.app, buyer, chatId, 'through one');
        await sent(two.app, buyer, chatId, 'through two');
        // Each message is mailed once, whichever process runs its digest.
        const text = (await mailsTo(seller.email, 8_000)).map(decoded).join('\n');
        expect(text.split('> through one').length - 1).toBe(1);
        expect(text.split('> through two').length - 1).toBe(1);
      } finally {
        await two.close();
        await one.close();
        await other.close();
        await database.close();
        await shared.drop();
      }
    },
  );

  it.skipIf(!readEnv('DATABASE_URL'))(
    'knows a chat is open on a socket of another process on one PostgreSQL',
    async () => {
      const shared = await createPostgresTestDatabase();
      const database = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const other = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const one = await appOn(database, { DATABASE_URL: shared.url });
      const two = await appOn(other, { DATABASE_URL: shared.url });
      try {
        await one.app.listen({ host: '127.0.0.1', port: 0 });
        const address = one.app.server.address();
        const oneUrl =
          typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
        const seller = await signUpConfirmed(one.app);
        const buyer = await signUpConfirmed(one.app, { role: 'buyer', category: undefined });
        const chatId = await newChat(one.app, buyer, seller);
        const { socket } = await connectSocket(oneUrl, seller.token);
        expect(await ask(socket, 'chat:focus', chatId)).toEqual({ ok: true });
        // Asked in the other process: the answer crosses the adapter.
        expect(await two.app.presence.isOnlineInChat(seller.id, chatId)).toBe(true);
        expect(await two.app.presence.isOnlineInChat(buyer.id, chatId)).toBe(false);
        expect(await ask(socket, 'chat:blur', chatId)).toEqual({ ok: true });
        expect(await two.app.presence.isOnlineInChat(seller.id, chatId)).toBe(false);
      } finally {
        await two.close();
        await one.close();
        await other.close();
        await database.close();
        await shared.drop();
      }
    },
  );
});
