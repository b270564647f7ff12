import { describe, expect, it, vi } from 'vitest';
import type { Mail } from '../lib/mailer.js';
import { buildTestApp } from '../../test/build-test-app.js';
import { newChat, send } from '../../test/chats.js';
import { sameOrigin, signUp } from '../../test/sessions.js';
import { connectSocket } from '../../test/sockets.js';

const TOKEN = 'a-metrics-token-of-32-characters';

/** Mail is kept here instead of leaving the process; the rest is the real app. */
const mailed: Mail[] = [];
let mailFails = false;
const mailer = {
  send: async (mail: Mail) => {
    if (mailFails) throw new Error('the SMTP server is gone');
    mailed.push(mail);
  },
  close: () => undefined,
};

const { app, url } = await buildTestApp(
  { METRICS_TOKEN: TOKEN },
  { listen: true, overrides: { mailer, signInWait: async () => undefined } },
);

async function scrape(): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The sample of `name` carrying all of `labels` (in any order), or 0 when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = line.match(/^([\w:]+)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const have = match[2]?.split(',') ?? [];
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe('/metrics under real traffic', () => {
  it('counts a sign-in refused over its limit, by limiter', async () => {
    const owner = await signUp(app);
    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: sameOrigin,
        remoteAddress: '192.0.2.10',
        payload: { email: owner.email, password },
      });
    const before = sample(await scrape(), 'maya_rate_limited_total', {
      limiter: 'sign-in:account-address',
    });
    for (let wrong = 0; wrong < 10; wrong += 1) {
      expect((await signIn(`guess ${wrong}`)).statusCode).toBe(401);
    }
    expect((await signIn(owner.password)).statusCode).toBe(429);
    const text = await scrape();
    expect(
      sample(text, 'maya_rate_limited_total', { limiter: 'sign-in:account-address' }) - before,
    ).toBe(1);
  });

  it('counts a route rate limit refusal by its route', async () => {
    // The not-found handler allows 100 a minute per address.
    for (let call = 0; call < 101; call += 1) {
      await app.inject({ method: 'GET', url: '/api/v1/nothing-here', remoteAddress: '192.0.2.99' });
    }
    expect(
      sample(await scrape(), 'maya_rate_limited_total', { limiter: 'route:GET unmatched' }),
    ).toBe(1);
  });

  it('counts a sent message, the socket event reaching the recipient, and its delivery time', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app);
    const chatId = await newChat(app, buyer, seller);
    const before = await scrape();
    const recipient = await connectSocket(url, seller.token);
    expect(sample(await scrape(), 'maya_sockets_open')).toBe(1);

    const arrived = recipient.next('message:new');
    expect((await send(app, buyer, chatId, 'Hello there')).statusCode).toBe(201);
    await arrived;

    const text = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(text, name, labels) - sample(before, name, labels);
    expect(moved('maya_messages_sent_total', { transport: 'v1' })).toBe(1);
    expect(moved('maya_socket_events_delivered_total', { event: 'message:new' })).toBe(1);
    expect(moved('maya_message_delivery_seconds_count')).toBe(1);
    expect(sample(text, 'maya_message_delivery_seconds_bucket', { le: '+Inf' })).toBe(1);

    recipient.socket.close();
    await vi.waitFor(async () => expect(sample(await scrape(), 'maya_sockets_open')).toBe(0), {
      timeout: 15_000,
    });
  });

  it('counts an assistant request with the built-in model, and its duration', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/assistant/chat',
      headers: { 'x-requested-with': 'fetch' },
      payload: {
        messages: [{ id: 'm0', role: 'user', parts: [{ type: 'text', text: 'A salon in Porto' }] }],
      },
    });
    expect(response.statusCode).toBe(200);
    const text = await scrape();
    const ok = { model: 'builtin', outcome: 'ok' };
    expect(sample(text, 'maya_assistant_requests_total', ok)).toBe(1);
    expect(sample(text, 'maya_assistant_duration_seconds_count', ok)).toBe(1);
    expect(sample(text, 'maya_assistant_duration_seconds_sum', ok)).toBeGreaterThan(0);
  });

  it('counts a mail queued and sent by kind, and a failed one', async () => {
    const user = await signUp(app);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: sameOrigin,
      payload: { email: user.email },
    });
    expect(reset.statusCode).toBe(202);
    const kind = { kind: 'password-reset' };
    // The mail is sent by a job after the answer: on a loaded machine, seconds later.
    await vi.waitFor(
      async () => expect(sample(await scrape(), 'maya_mail_sent_total', kind)).toBe(1),
      { timeout: 15_000 },
    );
    expect(sample(await scrape(), 'maya_mail_queued_total', kind)).toBe(1);
    expect(mailed.some((mail) => mail.to === user.email)).toBe(true);

    mailFails = true;
    await expect(
      app.mailer.send({
        to: user.email,
        subject: 'Notice',
        text: 'A notice',
        kind: 'account-notice',
      }),
    ).rejects.toThrow('the SMTP server is gone');
    mailFails = false;
    const text = await scrape();
    expect(sample(text, 'maya_mail_failed_total', { kind: 'account-notice' })).toBe(1);
    expect(sample(text, 'maya_mail_queued_total', { kind: 'account-notice' })).toBe(1);
  });

  it('shows the pool wait histogram only on PostgreSQL (PGlite has no pool)', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE maya_db_pool_wait_seconds histogram');
    const waits = sample(text, 'maya_db_pool_wait_seconds_count', { pool: 'app' });
    if (app.database.engine === 'postgres') expect(waits).toBeGreaterThan(0);
    else expect(waits).toBe(0);
  });
});
