import {
  accountExportSchema,
  blockSchema,
  blocksSchema,
  chatSummarySchema,
  messageSchema,
  usersPageSchema,
} from '@maya/contracts';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../config.js';
import { createDatabase } from '../../db/client.js';
import { createPostgresTestDatabase } from '../../../test/test-database.js';
import { buildAppOn, buildTestApp } from '../../../test/build-test-app.js';
import { newChat, send } from '../../../test/chats.js';
import { readEvents } from '../../../test/fake-llm.js';
import { browserKeys, startPushPeer } from '../../../test/push-peer.js';
import { SIGN_UP_MAIL, signUpThroughSmtp, type SignedUp } from '../../../test/sessions.js';
import { startSmtpPeer, subjectOf } from '../../../test/smtp-peer.js';
import { connectSocket, settle, type Recorder } from '../../../test/sockets.js';

const vapid = webpush.generateVAPIDKeys();
const smtp = await startSmtpPeer();
const peer = await startPushPeer();
const { app, url } = await buildTestApp(
  {
    SMTP_URL: smtp.url,
    MESSAGE_MAIL_DELAY_SECONDS: '1',
    JOBS_POLL_SECONDS: '0.5',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@mayamarket.example',
    OUTBOUND_ALLOW_LOOPBACK: new URL(peer.url).port,
  },
  { listen: true },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Signs up through the mailed link read from the peer: only confirmed addresses get mail. */
const member = (overrides: Record<string, unknown>) =>
  signUpThroughSmtp(app, smtp.inbox, overrides);

const mailsTo = (email: string) =>
  smtp.inbox.filter(
    (mail) =>
      mail.to.includes(email.toLowerCase()) && !subjectOf(mail.raw).startsWith(SIGN_UP_MAIL),
  );

function block(by: SignedUp, whom: string) {
  return app.inject({ method: 'PUT', url: `/api/v1/me/blocks/${whom}`, headers: by.headers });
}
function unblock(by: SignedUp, whom: string) {
  return app.inject({ method: 'DELETE', url: `/api/v1/me/blocks/${whom}`, headers: by.headers });
}

/** A named business in Braga and a client with a chat between them, both with sockets open. */
async function pair() {
  const name = `Oficina${Math.random().toString(36).slice(2, 8)}`;
  const seller = await member({
    firstName: undefined,
    lastName: undefined,
    businessName: name,
    category: 'construction',
    description: 'Renovations and repairs',
    location: { address: 'Avenida Central, Braga', lat: 41.5503, lng: -8.4201 },
  });
  const buyer = await member({
    role: 'buyer',
    category: undefined,
    firstName: 'Beatriz',
  });
  const chatId = await newChat(app, buyer, seller);
  const [buyerSocket, sellerSocket] = await Promise.all([
    connectSocket(url, buyer.token),
    connectSocket(url, seller.token),
  ]);
  return { seller, buyer, chatId, name, buyerSocket, sellerSocket };
}

/** Events on `socket` that carry something of `chatId` from the other person. */
function crossing(socket: Recorder, chatId: string, fromUserId: string) {
  return socket.events.filter((item) => {
    const payload = item.payload as {
      chatId?: string;
      userId?: string;
      message?: { senderId: string };
    };
    return (
      payload?.chatId === chatId &&
      (payload.userId === fromUserId || payload.message?.senderId === fromUserId)
    );
  });
}

async function searchFinds(user: SignedUp, q: string, id: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/users?q=${encodeURIComponent(q)}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return usersPageSchema.parse(response.json()).items.some((profile) => profile.id === id);
}

async function mayaFinds(user: SignedUp, q: string, id: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/assistant/chat',
    headers: user.headers,
    payload: { messages: [{ id: 'm0', role: 'user', parts: [{ type: 'text', text: q }] }] },
  });
  expect(response.statusCode).toBe(200);
  return readEvents(response.body)
    .filter((event) => event.type === 'tool-output-available')
    .some((event) =>
      ((event.output as { sellers?: { id: string }[] }).sellers ?? []).some(
        (card) => card.id === id,
      ),
    );
}

function legacyUsers(user: SignedUp) {
  return app.inject({ method: 'GET', url: '/api/user/all', headers: user.headers });
}

describe('a block', () => {
  it('is made, listed for the blocker only, shown on the chat, and lifted', async () => {
    const { seller, buyer, chatId } = await pair();
    const made = await block(buyer, seller.id);
    expect(made.statusCode).toBe(200);
    const answer = blockSchema.parse(made.json());
    expect(answer.user).toMatchObject({ id: seller.id, role: 'seller', deleted: false });

    const again = await block(buyer, seller.id);
    expect(blockSchema.parse(again.json()).createdAt).toBe(answer.createdAt);

    const mine = blocksSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/me/blocks', headers: buyer.headers })
      ).json(),
    );
    expect(mine.items.map((item) => item.user.id)).toEqual([seller.id]);
    const theirs = blocksSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/me/blocks', headers: seller.headers })
      ).json(),
    );
    expect(theirs.items).toEqual([]);

    const buyerChat = (
      await app.inject({ method: 'GET', url: `/api/v1/chats/${chatId}`, headers: buyer.headers })
    ).json().chat;
    expect(chatSummarySchema.parse(buyerChat).blockedAt).toBe(answer.createdAt);
    // The blocked person's chat says nothing of it.
    const sellerChat = (
      await app.inject({ method: 'GET', url: `/api/v1/chats/${chatId}`, headers: seller.headers })
    ).json().chat;
    expect(sellerChat.blockedAt).toBeNull();

    expect((await unblock(buyer, seller.id)).statusCode).toBe(204);
    expect((await unblock(buyer, seller.id)).statusCode).toBe(204);
    const after = (
      await app.inject({ method: 'GET', url: `/api/v1/chats/${chatId}`, headers: buyer.headers })
    ).json().chat;
    expect(after.blockedAt).toBeNull();
  });

  it('refuses oneself, nobody, and a visitor', async () => {
    const { buyer } = await pair();
    expect((await block(buyer, buyer.id)).statusCode).toBe(400);
    expect((await block(buyer, '01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/v1/me/blocks/${buyer.id}` })).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/blocks' })).statusCode).toBe(401);
  });

  for (const direction of ['buyer blocks the business', 'business blocks the buyer'] as const) {
    it(`binds every channel both ways when the ${direction}, and unblocking restores them all`, async () => {
      const { seller, buyer, chatId, name, buyerSocket, sellerSocket } = await pair();
      const browser = browserKeys();
      const path = `/push/block-${Math.random().toString(36).slice(2)}`;
      const subscribed = await app.inject({
        method: 'POST',
        url: '/api/v1/me/push-subscriptions',
        headers: buyer.headers,
        payload: { endpoint: `${peer.url}${path}`, expirationTime: null, keys: browser.json },
      });
      expect(subscribed.statusCode).toBe(201);
      // Before the block, a message from the business waits unread: its digest is due in 1 s.
      const before = await send(app, seller, chatId, 'Before the block');
      expect(before.statusCode).toBe(201);
      await buyerSocket.next('message:new');
      // Its push goes out at once (the buyer has the chat open nowhere): it is let arrive before
      // the block, so one still on its way is not counted as crossing it.
      await expect
        .poll(() => peer.deliveries.filter((d) => d.path === path).length, { timeout: 15_000 })
        .toBe(1);
      const [blocker, blocked] =
        direction === 'buyer blocks the business' ? [buyer, seller] : [seller, buyer];
      expect((await block(blocker, blocked.id)).statusCode).toBe(200);
      const deliveriesBefore = peer.deliveries.filter((d) => d.path === path).length;
      buyerSocket.events.length = 0;
      sellerSocket.events.length = 0;

      for (const [from, to, fromSocket] of [
        [buyer, seller, buyerSocket],
        [seller, buyer, sellerSocket],
      ] as const) {
        // REST send: a neutral refusal that does not say "blocked".
        const refused = await send(app, from, chatId, 'Across the block');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('CONVERSATION_CLOSED');
        expect(refused.body).not.toMatch(/block/i);
        // The old client's save is refused the same way.
        const legacy = await app.inject({
          method: 'PUT',
          url: `/chats/${chatId}`,
          headers: from.headers,
          payload: { chat: [{ content: 'Old client across the block', isUser: from === buyer }] },
        });
        expect(legacy.statusCode).toBe(403);
        // Typing and read marks stay on the sender's side.
        fromSocket.socket.emit('typing', { chatId });
        const read = await app.inject({
          method: 'POST',
          url: `/api/v1/chats/${chatId}/read`,
          headers: from.headers,
          payload: { messageId: messageSchema.parse(before.json().message).id },
        });
        expect(read.statusCode).toBeLessThan(300);
        // Neither finds the other: directory, profile, the old API's list, Maya.
        const target = to.id;
        const q = to === seller ? name : 'Beatriz';
        if (from === buyer) {
          expect(await searchFinds(from, q, target)).toBe(false);
          expect(await mayaFinds(from, `${name} em Braga`, target)).toBe(false);
        } else {
          expect(await searchFinds(from, q, target)).toBe(false);
        }
        const profile = await app.inject({
          method: 'GET',
          url: `/api/v1/users/${target}`,
          headers: from.headers,
        });
        expect(profile.statusCode).toBe(404);
        const listed = await legacyUsers(from);
        expect(listed.statusCode).toBe(200);
        expect(listed.body).not.toContain(target);
        void to;
      }
      // A new chat cannot start across it, but the existing one still opens.
      const reopened = await app.inject({
        method: 'POST',
        url: '/api/v1/chats',
        headers: buyer.headers,
        payload: { partnerId: seller.id },
      });
      expect(reopened.statusCode).toBe(200);

      await sleep(3_000);
      await settle();
      expect(crossing(sellerSocket, chatId, buyer.id)).toEqual([]);
      expect(crossing(buyerSocket, chatId, seller.id)).toEqual([]);
      // No digest of the message left unread before the block, and no push.
      expect(mailsTo(buyer.email)).toEqual([]);
      expect(peer.deliveries.filter((d) => d.path === path).length).toBe(deliveriesBefore);

      // Unblocked: every channel works again.
      expect((await unblock(blocker, blocked.id)).statusCode).toBe(204);
      const arriving = sellerSocket.next('message:new');
      const typing = sellerSocket.next('typing');
      const after = await send(app, buyer, chatId, 'After the unblock');
      expect(after.statusCode).toBe(201);
      await arriving;
      buyerSocket.socket.emit('typing', { chatId });
      expect(await typing).toMatchObject({ chatId, userId: buyer.id });
      expect(await searchFinds(buyer, name, seller.id)).toBe(true);
      expect(await mayaFinds(buyer, `${name} em Braga`, seller.id)).toBe(true);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/users/${seller.id}`,
            headers: buyer.headers,
          })
        ).statusCode,
      ).toBe(200);
      const reply = await send(app, seller, chatId, 'Welcome back');
      expect(reply.statusCode).toBe(201);
      for (let waited = 0; waited < 8_000 && mailsTo(buyer.email).length === 0; waited += 100) {
        await sleep(100);
      }
      expect(mailsTo(buyer.email).length).toBeGreaterThan(0);
      expect(peer.deliveries.filter((d) => d.path === path).length).toBeGreaterThan(
        deliveriesBefore,
      );
    });
  }

  it('is in the data export of its maker only, and a deleted account leaves none', async () => {
    const { seller, buyer } = await pair();
    await block(buyer, seller.id);
    const exported = accountExportSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/me/export', headers: buyer.headers })
      ).json(),
    );
    expect(exported.blocks.map((item) => item.blockedUserId)).toEqual([seller.id]);
    const theirs = accountExportSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/me/export', headers: seller.headers })
      ).json(),
    );
    expect(theirs.blocks).toEqual([]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: buyer.headers,
      payload: { password: buyer.password },
    });
    expect(deleted.statusCode).toBe(204);
    const found = await app.inject({
      method: 'GET',
      url: `/api/v1/users/${seller.id}`,
    });
    expect(found.statusCode).toBe(200);
  });
});

describe('a block across processes', () => {
  it.skipIf(!readEnv('DATABASE_URL'))(
    'made through one process stops a send through the other at once, and its lifting too',
    async () => {
      const shared = await createPostgresTestDatabase();
      const database = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const other = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const one = await buildAppOn(database, { SMTP_URL: smtp.url });
      const two = await buildAppOn(other, { SMTP_URL: smtp.url });
      try {
        const seller = await signUpThroughSmtp(one.app, smtp.inbox, {});
        const buyer = await signUpThroughSmtp(two.app, smtp.inbox, {
          role: 'buyer',
          category: undefined,
        });
        const chatId = await newChat(two.app, buyer, seller);
        // Both processes have served the chat, so each knows its pair.
        expect((await send(one.app, seller, chatId, 'Hello through one')).statusCode).toBe(201);
        expect((await send(two.app, buyer, chatId, 'Hello through two')).statusCode).toBe(201);

        const made = await one.app.inject({
          method: 'PUT',
          url: `/api/v1/me/blocks/${buyer.id}`,
          headers: seller.headers,
        });
        expect(made.statusCode).toBe(200);
        const refused = await send(two.app, buyer, chatId, 'Through the other process');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('CONVERSATION_CLOSED');

        const lifted = await two.app.inject({
          method: 'DELETE',
          url: `/api/v1/me/blocks/${buyer.id}`,
          headers: seller.headers,
        });
        expect(lifted.statusCode).toBe(204);
        expect((await send(one.app, buyer, chatId, 'Open again')).statusCode).toBe(201);
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
