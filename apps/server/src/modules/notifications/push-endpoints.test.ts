import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { newChat, send } from '../../../test/chats.js';
import { startDnsPeer } from '../../../test/dns-peer.js';
import { startCountingListener, startRedirector } from '../../../test/listeners.js';
import { browserKeys } from '../../../test/push-peer.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';
import { endpointKey } from './push.service.js';

/**
 * Push endpoints that lead inside (SSRF), through the real routes and job queue, in production
 * and in development. A DNS server in this test answers the attacker's names; the target
 * listener stands for this host's own services, and every hostile endpoint points at its port,
 * which PUSH_ENDPOINT_PORTS allows, so only the address rules stand in between. It must never
 * accept a connection.
 */

const vapid = webpush.generateVAPIDKeys();
const dns = await startDnsPeer();
const target = await startCountingListener({ hosts: ['127.0.0.1', '::1'] });
const P = target.port;
const redirector = await startRedirector(307, `https://127.0.0.1:${P}/push`);
const R = redirector.port;

/** A public address, never connected to (the tests change its name's answer first). */
const PUBLIC = '93.184.215.14';
dns.answer('loopback.attacker.example', ['127.0.0.1']);
dns.answer('metadata.attacker.example', ['169.254.169.254']);
dns.answer('metadata6.attacker.example', ['fd00:ec2::254']);
dns.answer('ula.attacker.example', ['fd12:3456:789a::1']);
dns.answer('mapped.attacker.example', ['::ffff:127.0.0.1']);
dns.answer('redirect.attacker.example', ['127.0.0.1']);

const REFUSED = 'The push endpoint must be an https: URL of a public push service.';

const env = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:ops@mayamarket.example',
  JOBS_POLL_SECONDS: '0.5',
  OUTBOUND_DNS_SERVERS: dns.server,
  PUSH_ENDPOINT_PORTS: `443,${P},${R}`,
};
const modes: [string, FastifyInstance][] = [
  ['in production', (await buildTestApp({ ...env, NODE_ENV: 'production' })).app],
  ['in development', (await buildTestApp({ ...env, NODE_ENV: 'development' })).app],
];

const hostile: [string, string][] = [
  ['a name resolving to 127.0.0.1', `https://loopback.attacker.example:${P}/push`],
  ['169.254.169.254', `https://169.254.169.254:${P}/latest/meta-data/`],
  ['a name resolving to 169.254.169.254', `https://metadata.attacker.example:${P}/push`],
  ['metadata.google.internal', 'https://metadata.google.internal/computeMetadata/v1/'],
  ['AWS metadata over IPv6', `https://[fd00:ec2::254]:${P}/latest/meta-data/`],
  ['a name resolving to fd00:ec2::254', `https://metadata6.attacker.example:${P}/push`],
  ['an IPv6 unique-local address', `https://[fd12:3456:789a::1]:${P}/push`],
  ['a name resolving to a unique-local address', `https://ula.attacker.example:${P}/push`],
  ['::ffff:127.0.0.1', `https://[::ffff:127.0.0.1]:${P}/push`],
  ['::ffff:7f00:1', `https://[::ffff:7f00:1]:${P}/push`],
  ['a name resolving to ::ffff:127.0.0.1', `https://mapped.attacker.example:${P}/push`],
  ['decimal 2130706433', `https://2130706433:${P}/push`],
  ['hex 0x7f000001', `https://0x7f000001:${P}/push`],
  ['https://localhost./push', 'https://localhost./push'],
  ['localhost. on the port', `https://localhost.:${P}/push`],
  ['a .local name', 'https://internal-service.local/push'],
  ['a redirector on this host', `https://redirect.attacker.example:${R}/push`],
  ['http: on loopback', `http://127.0.0.1:${P}/push`],
  ['a port not in PUSH_ENDPOINT_PORTS', 'https://push.attacker.example:8443/push'],
];

function subscribe(app: FastifyInstance, user: SignedUp, endpoint: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/me/push-subscriptions',
    headers: user.headers,
    payload: { endpoint, expirationTime: null, keys: browserKeys().json },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One person per app tries every hostile endpoint: a refusal saves nothing to tell them apart. */
const attackers = new Map<FastifyInstance, Promise<SignedUp>>();
function attacker(app: FastifyInstance): Promise<SignedUp> {
  if (!attackers.has(app)) attackers.set(app, signUp(app));
  return attackers.get(app)!;
}

describe.each(modes)('push endpoints %s', (_mode, app) => {
  it.each(hostile)(
    'refuses %s with a clear problem, saves nothing and connects nowhere',
    async (_name, endpoint) => {
      const user = await attacker(app);
      const answer = await subscribe(app, user, endpoint);

      expect(answer.statusCode).toBe(422);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.json()).toEqual({
        type: '/api/errors#endpoint-not-allowed',
        title: 'Endpoint not allowed',
        status: 422,
        code: 'ENDPOINT_NOT_ALLOWED',
        detail: REFUSED,
        instance: '/api/v1/me/push-subscriptions',
        errors: { endpoint: REFUSED },
      });
      const saved = await app.inject({
        method: 'GET',
        url: `/api/v1/me/push-subscriptions/${endpointKey(endpoint)}`,
        headers: user.headers,
      });
      expect(saved.statusCode).toBe(404);
      expect(target.connections()).toBe(0);
      expect(redirector.connections()).toBe(0);
    },
  );

  it('checks the endpoint again when it delivers: a name that now leads inside gets nothing, and its owner sees no change', async () => {
    const name = `rebind-${_mode.replace(/\W/g, '')}.attacker.example`;
    dns.answer(name, [PUBLIC]);
    const seller = await signUp(app);
    const client = await signUp(app, { role: 'buyer', category: undefined });
    const chatId = await newChat(app, client, seller);
    const endpoint = `https://${name}:${P}/push/browser`;
    expect((await subscribe(app, client, endpoint)).statusCode).toBe(201);

    // Between the save and the delivery, the name moves to this host.
    dns.answer(name, ['127.0.0.1']);
    const asked = dns.questions.filter((question) => question.name === name).length;
    expect((await send(app, seller, chatId, 'Your order is ready')).statusCode).toBe(201);

    const disabledAt = async () => {
      const [row] = await app.db
        .select({ disabledAt: pushSubscriptions.disabledAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpointKey, endpointKey(endpoint)));
      return row?.disabledAt ?? null;
    };
    let off = await disabledAt();
    for (let waited = 0; waited < 8_000 && !off; waited += 100) {
      await sleep(100);
      off = await disabledAt();
    }
    expect(off).toBeInstanceOf(Date);
    // The delivery asked DNS again, and connected nowhere.
    expect(dns.questions.filter((question) => question.name === name).length).toBeGreaterThan(
      asked,
    );
    expect(target.connections()).toBe(0);

    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/me/push-subscriptions/${endpointKey(endpoint)}`,
      headers: client.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ key: endpointKey(endpoint), createdAt: expect.any(String) });

    // Nothing more is queued for it: later messages ask DNS nothing about it.
    const askedAfter = dns.questions.filter((question) => question.name === name).length;
    expect((await send(app, seller, chatId, 'Still there?')).statusCode).toBe(201);
    await sleep(1_500);
    expect(dns.questions.filter((question) => question.name === name).length).toBe(askedAfter);
    expect(target.connections()).toBe(0);
  });
});

describe('push endpoints in development, with loopback allowed on one port', () => {
  it('does not follow a redirect from that port to loopback elsewhere', async () => {
    const { app } = await buildTestApp({
      ...env,
      NODE_ENV: 'development',
      OUTBOUND_ALLOW_LOOPBACK: String(R),
    });
    const seller = await signUp(app);
    const client = await signUp(app, { role: 'buyer', category: undefined });
    const chatId = await newChat(app, client, seller);
    expect((await subscribe(app, client, `http://127.0.0.1:${R}/push`)).statusCode).toBe(201);
    // Loopback on another port stays refused.
    expect((await subscribe(app, client, `http://127.0.0.1:${P}/push`)).statusCode).toBe(422);

    expect((await send(app, seller, chatId, 'Your table is ready')).statusCode).toBe(201);
    for (let waited = 0; waited < 8_000 && redirector.requests() === 0; waited += 100) {
      await sleep(100);
    }
    expect(redirector.requests()).toBe(1);
    await sleep(1_000);
    // The 307 was the answer: not followed, and not retried.
    expect(target.connections()).toBe(0);
    expect(redirector.requests()).toBe(1);
  });
});
