import { createVerify } from 'node:crypto';
import {
  PUSH_SUBSCRIPTIONS_PER_USER,
  accountExportSchema,
  messageSchema,
  pushConfigSchema,
  pushSubscriptionSchema,
} from '@maya/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { mayaNegotiations, pushSubscriptions, users } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { newChat, send } from '../../../test/chats.js';
import { dealMove, offerTerms, quoteRequest, startDeal, taken } from '../../../test/deals.js';
import { addService } from '../../../test/services.js';
import { validationProblem } from '../../../test/problems.js';
import {
  browserKeys,
  decryptDelivery,
  startPushPeer,
  type BrowserKeys,
  type PushDelivery,
} from '../../../test/push-peer.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';
import { connectSocket } from '../../../test/sockets.js';
import { endpointKey } from './push.service.js';

const vapid = webpush.generateVAPIDKeys();
const METRICS_TOKEN = 'push-test-metrics-token-0123456789';
const peer = await startPushPeer();
const { app, url } = await buildTestApp(
  {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@mayamarket.example',
    JOBS_POLL_SECONDS: '0.5',
    METRICS_TOKEN,
    // The push peer stands in for a push service on this host: the development setting that
    // lets addresses people give reach one loopback port.
    OUTBOUND_ALLOW_LOOPBACK: new URL(peer.url).port,
  },
  { listen: true },
);

const unconfigured = await buildTestApp();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let browsers = 0;
/** A browser subscribing: its own endpoint at the push peer and its own keys. */
function newBrowser(): { endpoint: string; path: string; keys: BrowserKeys } {
  browsers += 1;
  const path = `/push/browser-${browsers}-${Math.random().toString(36).slice(2)}`;
  return { endpoint: `${peer.url}${path}`, path, keys: browserKeys() };
}

function subscribe(
  application: FastifyInstance,
  user: SignedUp,
  browser: ReturnType<typeof newBrowser>,
) {
  return application.inject({
    method: 'POST',
    url: '/api/v1/me/push-subscriptions',
    headers: user.headers,
    payload: { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys.json },
  });
}

/** The deliveries to `path`, once `count` have arrived (or what arrived within `ms`). */
async function deliveriesTo(path: string, count = 1, ms = 8_000): Promise<PushDelivery[]> {
  const arrived = () => peer.deliveries.filter((delivery) => delivery.path === path);
  for (let waited = 0; waited < ms && arrived().length < count; waited += 50) await sleep(50);
  return arrived();
}

async function sent(from: SignedUp, chatId: string, body: string) {
  const response = await send(app, from, chatId, body);
  expect(response.statusCode).toBe(201);
  return messageSchema.parse(response.json().message);
}

/** A business and a client with a chat between them; the client's browser is subscribed. */
async function subscribedClient() {
  const seller = await signUp(app, { firstName: 'Sara', lastName: 'Silva' });
  const client = await signUp(app, {
    role: 'buyer',
    firstName: 'Ana',
    lastName: 'Alves',
    category: undefined,
  });
  const chatId = await newChat(app, client, seller);
  const browser = newBrowser();
  const saved = await subscribe(app, client, browser);
  expect(saved.statusCode).toBe(201);
  return { seller, client, chatId, browser };
}

function metric(text: string, name: string): number {
  const line = text.split('\n').find((row) => row.startsWith(name));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function metrics(): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('web push about new messages', () => {
  it('offers push with the VAPID public key to a signed-in person only', async () => {
    const user = await signUp(app);
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/me/push',
      headers: user.headers,
    });
    expect(pushConfigSchema.parse(answer.json())).toEqual({ publicKey: vapid.publicKey });
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/push' })).statusCode).toBe(401);
  });

  it('delivers a VAPID-signed, aes128gcm-encrypted notification that the browser decrypts', async () => {
    const { seller, client, chatId, browser } = await subscribedClient();
    const sentBefore = metric(await metrics(), 'maya_push_sent_total');

    await sent(seller, chatId, 'Hello Ana, your table for four is ready at eight tonight.');
    const [delivery] = await deliveriesTo(browser.path);

    expect(delivery).toBeDefined();
    expect(delivery!.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery!.headers['content-type']).toBe('application/octet-stream');
    expect(delivery!.headers.ttl).toBe('86400');
    expect(delivery!.headers.urgency).toBe('high');
    expect(delivery!.headers.topic).toBe(chatId.replaceAll('-', ''));
    // VAPID (RFC 8292): a JWT for the push service's origin, signed by the server's key.
    const authorization = delivery!.headers.authorization ?? '';
    const match = authorization.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
    expect(match?.[2]).toBe(vapid.publicKey);
    const [header, claims, signature] = match![1]!.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      aud: peer.url,
      sub: 'mailto:ops@mayamarket.example',
    });
    const publicKey = Buffer.from(vapid.publicKey, 'base64url');
    const verified = createVerify('SHA256')
      .update(`${header}.${claims}`)
      .verify(
        {
          key: {
            kty: 'EC',
            crv: 'P-256',
            x: publicKey.subarray(1, 33).toString('base64url'),
            y: publicKey.subarray(33).toString('base64url'),
          },
          format: 'jwk',
          dsaEncoding: 'ieee-p1363',
        },
        Buffer.from(signature, 'base64url'),
      );
    expect(verified).toBe(true);
    // Nothing readable on the wire; the browser's keys open it.
    expect(delivery!.body.toString('utf8')).not.toContain('Ana');
    expect(decryptDelivery(delivery!, browser.keys)).toEqual({
      title: 'New message from Sara Silva',
      body: 'Hello Ana, your table for four is ready at eight tonight.',
      tag: `chat:${chatId}`,
      url: `/inbox/${chatId}`,
    });
    // Counted once the push service's answer is in, just after the peer has the request.
    let sentNow = 0;
    for (let waited = 0; waited < 5_000 && sentNow < sentBefore + 1; waited += 50) {
      sentNow = metric(await metrics(), 'maya_push_sent_total');
      if (sentNow < sentBefore + 1) await sleep(50);
    }
    expect(sentNow).toBe(sentBefore + 1);
    expect(client.id).toBeDefined();
  });

  it('cuts a long message, and leaves the text out for someone who chose no text in mails, in their language', async () => {
    const { seller, client, chatId, browser } = await subscribedClient();
    await sent(seller, chatId, `${'word '.repeat(60)}end`);
    const [long] = await deliveriesTo(browser.path);
    const shown = decryptDelivery(long!, browser.keys) as { body: string };
    expect(shown.body.length).toBeLessThanOrEqual(120);
    expect(shown.body.endsWith('…')).toBe(true);

    const settings = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/notifications',
      headers: client.headers,
      payload: { messageText: false, language: 'pt-PT' },
    });
    expect(settings.statusCode).toBe(200);
    await sent(seller, chatId, 'A private line');
    const deliveries = await deliveriesTo(browser.path, 2);
    expect(decryptDelivery(deliveries[1]!, browser.keys)).toEqual({
      title: 'Nova mensagem de Sara Silva',
      body: 'Abra a conversa para a ler.',
      tag: `chat:${chatId}`,
      url: `/inbox/${chatId}`,
    });
  });

  it('says a deal move in words, as the chat line, in the person’s language', async () => {
    const { seller, client, chatId, browser } = await subscribedClient();
    const offer = await taken(
      startDeal(app, seller, client.id, {
        type: 'offer',
        terms: offerTerms({ title: 'Dinner for four' }),
      }),
    );
    const [offered] = await deliveriesTo(browser.path);
    const shown = decryptDelivery(offered!, browser.keys) as Record<string, string>;
    expect(shown).toMatchObject({ title: 'New message from Sara Silva', url: `/inbox/${chatId}` });
    expect(shown.body).toMatch(/^Sara Silva made an offer: Dinner for four, €850\.00, 1 Jun 2030/);

    // In Portuguese; and the buyer's own move tells the business, not the buyer.
    const settings = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/notifications',
      headers: client.headers,
      payload: { language: 'pt-PT' },
    });
    expect(settings.statusCode).toBe(200);
    await taken(
      dealMove(app, seller, offer.deal.id, {
        type: 'update',
        version: 1,
        terms: offerTerms({ title: 'Jantar para quatro' }),
      }),
    );
    const [, updated] = await deliveriesTo(browser.path, 2);
    expect((decryptDelivery(updated!, browser.keys) as { body: string }).body).toMatch(
      /^Sara Silva atualizou a proposta: Jantar para quatro, 850,00 €/,
    );
    await taken(dealMove(app, client, offer.deal.id, { type: 'accept', version: 2 }));
    await sleep(1_500);
    expect(await deliveriesTo(browser.path, 3, 500)).toHaveLength(2);
  });

  it('tells a business Maya handed a negotiation over, labelled as Maya’s, in its language', async () => {
    const business = await signUp(app, { role: 'seller', businessName: 'Cais Removals' });
    await app.db.update(users).set({ plan: 'pro' }).where(eq(users.id, business.id));
    const move = await addService(app, business, { name: 'House move', priceFrom: 50_000 });
    const settings = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/negotiation',
      headers: business.headers,
      payload: {
        enabled: true,
        answerAfterMinutes: 10,
        atOnceWhenOffline: false,
        counterLimit: 3,
        blockedDates: [],
        services: [{ serviceId: move.id, floor: 40_000, keepBack: 0 }],
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const language = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/notifications',
      headers: business.headers,
      payload: { language: 'pt-BR' },
    });
    expect(language.statusCode).toBe(200);
    const browser = newBrowser();
    expect((await subscribe(app, business, browser)).statusCode).toBe(201);

    const client = await signUp(app, { role: 'buyer', firstName: 'Bea', lastName: 'Lopes' });
    const requested = await taken(
      startDeal(app, client, business.id, {
        type: 'request',
        request: quoteRequest({
          serviceId: move.id,
          when: { from: '2031-03-10', to: '2031-03-10' },
        }),
      }),
    );
    const chatId = requested.message.chatId;
    // Maya's part begins once the request's move is told (after its commit).
    for (let waited = 0; waited < 5_000; waited += 100) {
      const [row] = await app.db
        .select()
        .from(mayaNegotiations)
        .where(eq(mayaNegotiations.dealId, requested.deal.id));
      if (row) break;
      await sleep(100);
    }
    await sent(client, chatId, 'Quero falar com uma pessoa, por favor');

    const noticeOf = async () =>
      (await deliveriesTo(browser.path, 1, 0))
        .map((delivery) => decryptDelivery(delivery, browser.keys) as Record<string, string>)
        .find((shown) => shown.tag === `maya:${requested.deal.id}`);
    for (let waited = 0; waited < 8_000 && !(await noticeOf()); waited += 100) await sleep(100);
    const notice = await noticeOf();
    expect(notice).toEqual({
      title: 'Maya (IA) em nome de Cais Removals',
      body: 'A Maya (IA) parou de responder Bea Lopes por você: o cliente pediu para falar com uma pessoa. Abra a conversa para responder pessoalmente.',
      tag: `maya:${requested.deal.id}`,
      url: `/inbox/${chatId}`,
    });
  });

  it('stops sending to a browser its push service says is gone (410), while its owner sees it as before', async () => {
    const { seller, client, chatId, browser: gone } = await subscribedClient();
    const kept = newBrowser();
    expect((await subscribe(app, client, kept)).statusCode).toBe(201);
    peer.answer(gone.path, 410);
    const failedBefore = metric(await metrics(), 'maya_push_failed_total{reason="gone"}');

    await sent(seller, chatId, 'Are you there?');
    expect(await deliveriesTo(gone.path)).toHaveLength(1);
    expect(await deliveriesTo(kept.path)).toHaveLength(1);
    let failed = failedBefore;
    for (let waited = 0; waited < 5_000 && failed === failedBefore; waited += 100) {
      await sleep(100);
      failed = metric(await metrics(), 'maya_push_failed_total{reason="gone"}');
    }
    expect(failed).toBe(failedBefore + 1);

    // What the endpoint answered is not told back: both read the same, 200 with the same fields.
    const read = (browser: ReturnType<typeof newBrowser>) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/me/push-subscriptions/${endpointKey(browser.endpoint)}`,
        headers: client.headers,
      });
    for (const browser of [gone, kept]) {
      const answer = await read(browser);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        key: endpointKey(browser.endpoint),
        createdAt: expect.any(String),
      });
    }
    const exported = await app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: client.headers,
    });
    expect(accountExportSchema.parse(exported.json()).devices).toHaveLength(2);

    // The push service said gone, so nothing more goes there; the other browser is told.
    await sent(seller, chatId, 'Hello?');
    expect(await deliveriesTo(kept.path, 2)).toHaveLength(2);
    await sleep(1_000);
    expect(await deliveriesTo(gone.path, 2, 0)).toHaveLength(1);

    // Saved again (checked again), it is sent to again; deleting answers as for any other.
    peer.answer(gone.path, 201);
    const again = await subscribe(app, client, gone);
    expect(again.statusCode).toBe(200);
    await sent(seller, chatId, 'Back again');
    expect(await deliveriesTo(gone.path, 2)).toHaveLength(2);
    for (const browser of [gone, kept]) {
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/v1/me/push-subscriptions/${endpointKey(browser.endpoint)}`,
        headers: client.headers,
      });
      expect(removed.statusCode).toBe(204);
    }
  });

  it('sends nothing while the chat is open on one of their screens, nor once their browser is unsubscribed', async () => {
    const { seller, client, chatId, browser } = await subscribedClient();
    const socket = await connectSocket(url, client.token);
    // Connected elsewhere in the app, they are told.
    await sent(seller, chatId, 'You are on another page, so a push');
    expect(await deliveriesTo(browser.path, 1)).toHaveLength(1);
    // With the chat open and visible on that screen, they are not.
    const focused = await new Promise<unknown>((resolve) =>
      socket.socket.emit('chat:focus', { chatId }, resolve),
    );
    expect(focused).toEqual({ ok: true });
    await sent(seller, chatId, 'The chat is open, so no push');
    await sleep(2_500);
    expect(await deliveriesTo(browser.path, 2, 0)).toHaveLength(1);
    socket.socket.close();

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/me/push-subscriptions/${endpointKey(browser.endpoint)}`,
      headers: client.headers,
    });
    expect(removed.statusCode).toBe(204);
    await sent(seller, chatId, 'Push is off now');
    await sleep(2_500);
    expect(await deliveriesTo(browser.path, 2, 0)).toHaveLength(1);
  });

  it("shows and deletes a subscription for its owner only; another person's is a 404", async () => {
    const { client, browser } = await subscribedClient();
    const key = endpointKey(browser.endpoint);
    const other = await signUp(app);
    for (const method of ['GET', 'DELETE'] as const) {
      const answer = await app.inject({
        method,
        url: `/api/v1/me/push-subscriptions/${key}`,
        headers: other.headers,
      });
      expect(answer.statusCode).toBe(404);
    }
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/me/push-subscriptions/${key}`,
      headers: client.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(pushSubscriptionSchema.parse(mine.json()).key).toBe(key);

    // The same browser saved again is the same subscription (200, not a second one).
    const again = await subscribe(app, client, browser);
    expect(again.statusCode).toBe(200);
    expect(pushSubscriptionSchema.parse(again.json()).key).toBe(key);
  });

  it("lists a person's browsers in their data export, without their address or keys", async () => {
    const { client, browser } = await subscribedClient();
    const exported = await app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: client.headers,
    });
    expect(exported.statusCode).toBe(200);
    const data = accountExportSchema.parse(exported.json());
    expect(data.devices).toEqual([
      { pushService: new URL(peer.url).origin, createdAt: expect.any(String) },
    ]);
    expect(exported.body).not.toContain(browser.path);
    expect(exported.body).not.toContain(browser.keys.json.auth);
    expect(exported.body).not.toContain(browser.keys.json.p256dh);
  });

  it("forgets an account's browsers when the account is deleted", async () => {
    const { client } = await subscribedClient();
    const kept = () =>
      app.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, client.id));
    expect(await kept()).toHaveLength(1);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: client.headers,
      payload: { password: client.password },
    });

    expect(deleted.statusCode).toBe(204);
    expect(await kept()).toEqual([]);
  });

  it(`keeps the newest ${PUSH_SUBSCRIPTIONS_PER_USER} browsers of a person, replacing the oldest`, async () => {
    const user = await signUp(app);
    const subscribed: ReturnType<typeof newBrowser>[] = [];
    for (let index = 0; index <= PUSH_SUBSCRIPTIONS_PER_USER; index += 1) {
      const browser = newBrowser();
      expect((await subscribe(app, user, browser)).statusCode).toBe(201);
      subscribed.push(browser);
    }
    const status = async (browser: ReturnType<typeof newBrowser>) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/me/push-subscriptions/${endpointKey(browser.endpoint)}`,
          headers: user.headers,
        })
      ).statusCode;
    const statuses = [];
    for (const browser of subscribed) statuses.push(await status(browser));
    expect(statuses).toEqual([404, ...Array<number>(PUSH_SUBSCRIPTIONS_PER_USER).fill(200)]);
  });

  it('refuses a subscription that is not one, with a clear error per field', async () => {
    const user = await signUp(app);
    const keys = browserKeys().json;
    const post = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/me/push-subscriptions',
        headers: user.headers,
        payload,
      });

    const plainHttp = await post({ endpoint: 'http://push.example.com/send/1', keys });
    expect(plainHttp.statusCode).toBe(400);
    expect(plainHttp.json()).toEqual(
      validationProblem('/api/v1/me/push-subscriptions', {
        endpoint: 'The push endpoint must be an https: URL',
      }),
    );

    const badKey = await post({
      endpoint: 'https://push.example.com/send/1',
      keys: { ...keys, p256dh: 'short' },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toEqual(
      validationProblem('/api/v1/me/push-subscriptions', {
        'keys.p256dh': "Must be the browser's P-256 public key, 65 bytes in base64url",
      }),
    );

    const huge = await post({ endpoint: `https://push.example.com/${'a'.repeat(2100)}`, keys });
    expect(huge.statusCode).toBe(400);
    const extra = await post({ endpoint: 'https://push.example.com/send/1', keys, user: 'x' });
    expect(extra.statusCode).toBe(400);
    const badParam = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me/push-subscriptions/not-a-key',
      headers: user.headers,
    });
    expect(badParam.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/me/push-subscriptions',
      payload: { endpoint: 'https://push.example.com/send/1', keys },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('without VAPID keys', () => {
  it('offers no push and saves no subscription', async () => {
    const user = await signUp(unconfigured.app);
    const config = await unconfigured.app.inject({
      method: 'GET',
      url: '/api/v1/me/push',
      headers: user.headers,
    });
    expect(pushConfigSchema.parse(config.json())).toEqual({ publicKey: null });
    const saved = await subscribe(unconfigured.app, user, newBrowser());
    expect(saved.statusCode).toBe(404);
    expect(saved.json()).toMatchObject({
      code: 'NOT_FOUND',
      detail: 'Notifications on devices are not offered here.',
    });
  });
});
