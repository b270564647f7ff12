import { accountExportSchema, messageSchema, sessionResponseSchema } from '@maya/contracts';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions, sessions } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { newChat, send } from '../../../test/chats.js';
import { browserKeys, startPushPeer } from '../../../test/push-peer.js';
import { bearer, getMe, signIn, signUp, type SignedUp } from '../../../test/sessions.js';
import { createPushRepository } from './push.repository.js';
import { PUSH_QUEUE, endpointKey } from './push.service.js';

const vapid = webpush.generateVAPIDKeys();
const peer = await startPushPeer();
const { app, url } = await buildTestApp(
  {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@mayamarket.example',
    JOBS_POLL_SECONDS: '0.5',
    // The push peer stands in for a push service on this host.
    OUTBOUND_ALLOW_LOOPBACK: new URL(peer.url).port,
  },
  { listen: true },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY_MS = 24 * 3_600_000;

let browsers = 0;
/** A device's browser: its own endpoint at the push peer and its own keys. */
function newBrowser() {
  browsers += 1;
  const path = `/push/device-${browsers}-${Math.random().toString(36).slice(2)}`;
  return { endpoint: `${peer.url}${path}`, path, keys: browserKeys() };
}
type Browser = ReturnType<typeof newBrowser>;

function subscribe(headers: Record<string, string>, browser: Browser) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/me/push-subscriptions',
    headers,
    payload: { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys.json },
  });
}

function readSubscription(headers: Record<string, string>, browser: Browser) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/me/push-subscriptions/${endpointKey(browser.endpoint)}`,
    headers,
  });
}

const deliveredTo = (browser: Browser) =>
  peer.deliveries.filter((delivery) => delivery.path === browser.path).length;

/** Waits until `browser` has had `count` deliveries (or `ms` passed); answers how many it had. */
async function deliveriesTo(browser: Browser, count: number, ms = 8_000): Promise<number> {
  for (let waited = 0; waited < ms && deliveredTo(browser) < count; waited += 50) await sleep(50);
  return deliveredTo(browser);
}

async function sent(from: SignedUp, chatId: string, body: string) {
  const response = await send(app, from, chatId, body);
  expect(response.statusCode).toBe(201);
  return messageSchema.parse(response.json().message);
}

async function sessionOf(browser: Browser): Promise<string | null | undefined> {
  const [row] = await app.db
    .select({ sessionId: pushSubscriptions.sessionId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpointKey, endpointKey(browser.endpoint)));
  return row?.sessionId;
}

async function exportedDevices(headers: Record<string, string>): Promise<number> {
  const exported = await app.inject({ method: 'GET', url: '/api/v1/me/export', headers });
  expect(exported.statusCode).toBe(200);
  return accountExportSchema.parse(exported.json()).devices.length;
}

/**
 * A business and a client signed in on two devices, each device's browser subscribed under its
 * own session, with a chat between them; both devices have had the first message.
 */
async function clientOnTwoDevices() {
  const seller = await signUp(app, { firstName: 'Sara', lastName: 'Silva' });
  const phone = await signUp(app, {
    role: 'buyer',
    firstName: 'Ana',
    lastName: 'Alves',
    category: undefined,
  });
  const laptopToken = sessionResponseSchema.parse(
    (await signIn(app, phone.email, phone.password)).json(),
  ).token;
  const laptop = { ...phone, token: laptopToken, headers: bearer(laptopToken) };
  const chatId = await newChat(app, phone, seller);
  const phoneBrowser = newBrowser();
  const laptopBrowser = newBrowser();
  expect((await subscribe(phone.headers, phoneBrowser)).statusCode).toBe(201);
  expect((await subscribe(laptop.headers, laptopBrowser)).statusCode).toBe(201);

  await sent(seller, chatId, 'Your table for four is ready at eight tonight.');
  expect(await deliveriesTo(phoneBrowser, 1)).toBe(1);
  expect(await deliveriesTo(laptopBrowser, 1)).toBe(1);
  return { seller, phone, laptop, chatId, phoneBrowser, laptopBrowser };
}

/**
 * After the phone's session ended: a new message reaches the laptop only, the phone's
 * subscription is gone for its owner too (a 404, out of the export), and nothing more arrives.
 */
async function expectOnlyLaptopTold({
  seller,
  laptop,
  chatId,
  phoneBrowser,
  laptopBrowser,
}: Awaited<ReturnType<typeof clientOnTwoDevices>>) {
  const phoneBefore = deliveredTo(phoneBrowser);
  const laptopBefore = deliveredTo(laptopBrowser);
  await sent(seller, chatId, 'Are you still coming tonight? Table 12 by the window.');
  expect(await deliveriesTo(laptopBrowser, laptopBefore + 1)).toBe(laptopBefore + 1);
  expect((await readSubscription(laptop.headers, phoneBrowser)).statusCode).toBe(404);
  expect((await readSubscription(laptop.headers, laptopBrowser)).statusCode).toBe(200);
  expect(await exportedDevices(laptop.headers)).toBe(1);
  // The laptop's job and any of the phone's would have run together; give a late one time.
  await sleep(1_000);
  expect(deliveredTo(phoneBrowser)).toBe(phoneBefore);
}

describe('web push subscriptions end with the session that saved them', () => {
  it('binds a subscription to the session that saved it, and to the latest when saved again', async () => {
    const { phone, laptop, phoneBrowser } = await clientOnTwoDevices();
    const phoneSession = await sessionOf(phoneBrowser);
    expect(phoneSession).toEqual(expect.any(String));

    // The same browser saved again under the laptop's session moves to it.
    expect((await subscribe(laptop.headers, phoneBrowser)).statusCode).toBe(200);
    expect(await sessionOf(phoneBrowser)).not.toBe(phoneSession);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: phone.headers }))
        .statusCode,
    ).toBe(204);
    expect((await readSubscription(laptop.headers, phoneBrowser)).statusCode).toBe(200);
  });

  it("stops a device's notifications when another client logs its session out, and keeps the other device's", async () => {
    const devices = await clientOnTwoDevices();

    // Another client (a script holding the phone's token, over its own connection) signs it out.
    const logout = await fetch(`${url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: devices.phone.headers,
    });
    expect(logout.status).toBe(204);
    expect((await getMe(app, devices.phone.headers)).statusCode).toBe(401);
    expect(await sessionOf(devices.phoneBrowser)).toBeUndefined();

    await expectOnlyLaptopTold(devices);
  });

  it("stops a device's notifications when the password is changed from another session", async () => {
    const devices = await clientOnTwoDevices();

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: devices.laptop.headers,
      payload: {
        currentPassword: devices.phone.password,
        password: 'the next passphrase',
        confirmPassword: 'the next passphrase',
      },
    });
    expect(changed.statusCode).toBe(204);
    expect((await getMe(app, devices.phone.headers)).statusCode).toBe(401);
    expect(await sessionOf(devices.phoneBrowser)).toBeUndefined();

    await expectOnlyLaptopTold(devices);
  });

  it("stops a device's notifications once its session is past its expiry, before its row is purged", async () => {
    const devices = await clientOnTwoDevices();
    const phoneSession = (await sessionOf(devices.phoneBrowser))!;

    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.id, phoneSession));
    // The row and the subscription are still there: only the expiry says the session ended.
    expect(await sessionOf(devices.phoneBrowser)).toBe(phoneSession);

    await expectOnlyLaptopTold(devices);
  });

  it('sends nothing for a job queued before the session went idle, and sends the live one', async () => {
    const devices = await clientOnTwoDevices();
    const phoneSession = (await sessionOf(devices.phoneBrowser))!;
    await sent(devices.seller, devices.chatId, 'One more thing.');
    expect(await deliveriesTo(devices.laptopBrowser, 2)).toBe(2);
    expect(await deliveriesTo(devices.phoneBrowser, 2)).toBe(2);

    // Unused for longer than the idle limit (7 days): ended, though its row is there.
    await app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(sessions.id, phoneSession));
    // Jobs already queued for both browsers (as if sent before the session went idle).
    const [phoneRow, laptopRow] = await Promise.all(
      [devices.phoneBrowser, devices.laptopBrowser].map(async (browser) => {
        const [row] = await app.db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpointKey, endpointKey(browser.endpoint)));
        return row!;
      }),
    );
    for (const row of [phoneRow!, laptopRow!]) {
      await app.jobs.send(
        PUSH_QUEUE,
        { subscriptionId: row.id, chatId: devices.chatId },
        { singletonKey: `${row.id}:${devices.chatId}:queued` },
      );
    }

    expect(await deliveriesTo(devices.laptopBrowser, 3)).toBe(3);
    await sleep(1_000);
    expect(deliveredTo(devices.phoneBrowser)).toBe(2);
    expect((await readSubscription(devices.laptop.headers, devices.phoneBrowser)).statusCode).toBe(
      404,
    );
  });

  it('keeps a subscription saved before sessions were named while its owner has a live session, and ends it with the other sessions', async () => {
    const devices = await clientOnTwoDevices();
    // As saved before this rule: no session named.
    await app.db
      .update(pushSubscriptions)
      .set({ sessionId: null })
      .where(eq(pushSubscriptions.endpointKey, endpointKey(devices.phoneBrowser.endpoint)));

    // One session's sign-out says nothing of where it is: another session lives, so it is told.
    const phoneAgain = bearer(
      sessionResponseSchema.parse(
        (await signIn(app, devices.phone.email, devices.phone.password)).json(),
      ).token,
    );
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/logout',
          headers: devices.phone.headers,
        })
      ).statusCode,
    ).toBe(204);
    await sent(devices.seller, devices.chatId, 'Still there?');
    expect(await deliveriesTo(devices.phoneBrowser, 2)).toBe(2);
    expect((await readSubscription(devices.laptop.headers, devices.phoneBrowser)).statusCode).toBe(
      200,
    );

    // A password change ends the other sessions, and with them every unbound subscription.
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: devices.laptop.headers,
      payload: {
        currentPassword: devices.phone.password,
        password: 'the next passphrase',
        confirmPassword: 'the next passphrase',
      },
    });
    expect(changed.statusCode).toBe(204);
    expect((await getMe(app, phoneAgain)).statusCode).toBe(401);
    expect(await sessionOf(devices.phoneBrowser)).toBeUndefined();
    await expectOnlyLaptopTold(devices);
  });

  it("tells an unbound subscription nothing once all its owner's sessions have expired", async () => {
    const devices = await clientOnTwoDevices();
    await app.db
      .update(pushSubscriptions)
      .set({ sessionId: null })
      .where(eq(pushSubscriptions.userId, devices.phone.id));
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, devices.phone.id));

    await sent(devices.seller, devices.chatId, 'Nobody home?');
    await sleep(2_000);
    expect(deliveredTo(devices.phoneBrowser)).toBe(1);
    expect(deliveredTo(devices.laptopBrowser)).toBe(1);

    // The ten-minute housekeeping deletes it, so a later sign-in does not bring it back.
    await createPushRepository(app.db).deleteOrphanedUnboundSubscriptions({
      now: new Date(),
      idleSince: new Date(Date.now() - 7 * DAY_MS),
    });
    expect(await sessionOf(devices.phoneBrowser)).toBeUndefined();
  });
});
