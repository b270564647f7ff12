import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { legacyChatsAnswerSchema, type MessagesPage } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { chatsOf, newChat, openChat, readMessages, send } from '../../../test/chats.js';
import { bearer, signUp } from '../../../test/sessions.js';
import { connectChatAndStranger, connectSocket, settle } from '../../../test/sockets.js';

const { app, url } = await buildTestApp({}, { listen: true });

async function setup() {
  const buyer = await signUp(app, { role: 'buyer', category: null, firstName: 'Bea' });
  const seller = await signUp(app, { role: 'seller', firstName: 'Sol' });
  return { buyer, seller, chatId: await newChat(app, buyer, seller) };
}

describe('opening a chat', () => {
  it('creates one chat per buyer and seller and returns the same one again', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const first = await openChat(app, buyer, seller.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().chat).toMatchObject({
      partner: { id: seller.id, role: 'seller', deleted: false },
      lastMessage: null,
      unreadCount: 0,
    });
    const again = await openChat(app, buyer, seller.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().chat.id).toBe(first.json().chat.id);

    const fromSeller = await openChat(app, seller, buyer.id);
    expect(fromSeller.statusCode).toBe(200);
    expect(fromSeller.json().chat.id).toBe(first.json().chat.id);
  });

  it('refuses chats between the same role, with oneself, or with nobody', async () => {
    const seller = await signUp(app, { role: 'seller' });
    const other = await signUp(app, { role: 'seller' });
    expect((await openChat(app, seller, other.id)).statusCode).toBe(403);
    expect((await openChat(app, seller, seller.id)).statusCode).toBe(403);
    expect((await openChat(app, seller, '01900000-0000-7000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('lists an empty chat for neither member until its first message, on both list routes', async () => {
    const { buyer, seller, chatId } = await setup();
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const legacyIds = async (user: typeof buyer) => {
      const response = await app.inject({
        method: 'GET',
        url: '/chats',
        headers: bearer(user.token),
      });
      expect(response.statusCode).toBe(200);
      return legacyChatsAnswerSchema.parse(response.json()).data.map((chat) => chat._id);
    };
    for (const member of [buyer, seller]) {
      expect((await chatsOf(app, member)).map((chat) => chat.id)).not.toContain(chatId);
      expect(await legacyIds(member)).not.toContain(chatId);
      // Not listed, yet it opens by its id for its two members, and for nobody else.
      const opened = await app.inject({
        method: 'GET',
        url: `/api/v1/chats/${chatId}`,
        headers: member.headers,
      });
      expect(opened.statusCode).toBe(200);
      expect(opened.json().chat).toMatchObject({ id: chatId, lastMessage: null });
    }
    const strangers = await app.inject({
      method: 'GET',
      url: `/api/v1/chats/${chatId}`,
      headers: stranger.headers,
    });
    expect([403, 404]).toContain(strangers.statusCode);

    await send(app, buyer, chatId, 'Hello!');
    for (const member of [buyer, seller]) {
      expect((await chatsOf(app, member)).map((chat) => chat.id)).toContain(chatId);
      expect(await legacyIds(member)).toContain(chatId);
    }
  });
});

describe('messages in real time', () => {
  it('delivers a sent message at once to both participants and to nobody else', async () => {
    const { buyer, seller, chatId } = await setup();
    const stranger = await signUp(app, { role: 'seller' });
    const { strangerSocket, arriving, echo } = await connectChatAndStranger(url, {
      buyer: buyer.token,
      seller: seller.token,
      stranger: stranger.token,
    });
    const response = await send(
      app,
      buyer,
      chatId,
      '  Do you cater for 40 people?  ',
      'client-abc-123',
    );
    expect(response.statusCode).toBe(201);
    const { message } = response.json();
    expect(message).toMatchObject({
      chatId,
      senderId: buyer.id,
      body: 'Do you cater for 40 people?',
      clientId: 'client-abc-123',
    });
    expect(await arriving).toEqual({ chatId, message });
    expect(await echo).toEqual({ chatId, message });
    await settle();
    expect(strangerSocket.events).toEqual([]);
  });

  it('never duplicates a retried send and emits it once', async () => {
    const { buyer, seller, chatId } = await setup();
    const sellerSocket = await connectSocket(url, seller.token);
    const first = await send(app, buyer, chatId, 'Only once', 'retry-same-id-1');
    const retry = await send(app, buyer, chatId, 'Only once', 'retry-same-id-1');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toEqual(first.json().message);
    await settle();
    expect(sellerSocket.events.filter((item) => item.event === 'message:new')).toHaveLength(1);

    expect((await readMessages(app, seller, chatId)).items).toHaveLength(1);
  });

  it('tells the partner about typing, and drops typing for a chat that is not yours', async () => {
    const { buyer, seller, chatId } = await setup();
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const [buyerSocket, sellerSocket, strangerSocket] = await Promise.all([
      connectSocket(url, buyer.token),
      connectSocket(url, seller.token),
      connectSocket(url, stranger.token),
    ]);
    const typing = sellerSocket.next('typing');
    buyerSocket.socket.emit('typing', { chatId });
    expect(await typing).toEqual({ chatId, userId: buyer.id });

    strangerSocket.socket.emit('typing', { chatId });
    buyerSocket.socket.emit('typing', { chatId: 'not-a-uuid' });
    await settle();
    expect(sellerSocket.events.filter((item) => item.event === 'typing')).toHaveLength(1);
    expect(buyerSocket.events.filter((item) => item.event === 'typing')).toHaveLength(0);
  });

  it('counts unread messages and sends read receipts to the partner', async () => {
    const { buyer, seller, chatId } = await setup();
    await send(app, buyer, chatId, 'One');
    const last = (await send(app, buyer, chatId, 'Two')).json().message;
    expect((await chatsOf(app, seller)).find((chat) => chat.id === chatId)).toMatchObject({
      unreadCount: 2,
      lastMessage: { body: 'Two' },
    });

    const buyerSocket = await connectSocket(url, buyer.token);
    const receipt = buyerSocket.next('chat:read');
    const read = await app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chatId}/read`,
      headers: seller.headers,
      payload: { messageId: last.id },
    });
    expect(read.statusCode).toBe(204);
    expect(await receipt).toEqual({ chatId, userId: seller.id, messageId: last.id });
    expect((await chatsOf(app, seller)).find((chat) => chat.id === chatId)?.unreadCount).toBe(0);
    expect(
      (await chatsOf(app, buyer)).find((chat) => chat.id === chatId)?.partnerLastReadMessageId,
    ).toBe(last.id);
  });

  it('refuses a socket without a session', async () => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error.message).toBe('unauthenticated');
  });

  it('closes the sockets of a session at logout', async () => {
    const user = await signUp(app, { role: 'buyer', category: null });
    const recorder = await connectSocket(url, user.token);
    const closed = new Promise<string>((resolve) => recorder.socket.once('disconnect', resolve));
    await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    expect(await closed).toBe('io server disconnect');
  });
});

describe('deleting a chat', () => {
  it('hides it from the deleter only, until a new message brings it back without the old history', async () => {
    const { buyer, seller, chatId } = await setup();
    await send(app, buyer, chatId, 'Old message');
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/chats/${chatId}`,
      headers: buyer.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await chatsOf(app, buyer)).map((chat) => chat.id)).not.toContain(chatId);
    expect((await chatsOf(app, seller)).map((chat) => chat.id)).toContain(chatId);

    await settle(5);
    await send(app, seller, chatId, 'Are you still interested?');
    const back = (await chatsOf(app, buyer)).find((chat) => chat.id === chatId);
    expect(back).toMatchObject({
      unreadCount: 1,
      lastMessage: { body: 'Are you still interested?' },
    });
    const page = await readMessages(app, buyer, chatId);
    expect(page.items.map((item) => item.body)).toEqual(['Are you still interested?']);
    expect((await readMessages(app, seller, chatId)).items).toHaveLength(2);
  });
});

describe('authorization', () => {
  it('answers 404 to a third user on every chat route and 401 without a session', async () => {
    const { buyer, chatId } = await setup();
    const message = (await send(app, buyer, chatId, 'private')).json().message;
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const routes = [
      { method: 'GET', url: `/api/v1/chats/${chatId}` },
      { method: 'GET', url: `/api/v1/chats/${chatId}/messages` },
      {
        method: 'POST',
        url: `/api/v1/chats/${chatId}/messages`,
        payload: { body: 'hi', clientId: randomUUID() },
      },
      { method: 'POST', url: `/api/v1/chats/${chatId}/read`, payload: { messageId: message.id } },
      { method: 'DELETE', url: `/api/v1/chats/${chatId}` },
    ] as const;
    for (const route of routes) {
      const asStranger = await app.inject({ ...route, headers: stranger.headers });
      expect(asStranger.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(asStranger.json()).toMatchObject({ code: 'NOT_FOUND' });
      const anonymous = await app.inject({ ...route });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/chats' })).statusCode).toBe(401);
    expect((await chatsOf(app, stranger)).map((chat) => chat.id)).not.toContain(chatId);
  });

  it('validates messages: empty, too long, bad client id', async () => {
    const { buyer, chatId } = await setup();
    const empty = await send(app, buyer, chatId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ body: 'Please enter a message' });
    const long = await send(app, buyer, chatId, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    const badId = await send(app, buyer, chatId, 'hi', 'bad id with spaces');
    expect(badId.statusCode).toBe(400);
  });
});

describe('history', () => {
  it('pages older messages with before and fetches missed ones with after, in order', async () => {
    const { buyer, seller, chatId } = await setup();
    const sent: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      sent.push(
        (await send(app, index % 2 ? seller : buyer, chatId, `m${index}`)).json().message.id,
      );
    }
    const bodies = (page: MessagesPage) => page.items.map((item) => item.body);
    const first = await readMessages(app, buyer, chatId, '?limit=3');
    expect(bodies(first)).toEqual(['m6', 'm5', 'm4']);
    expect(first.hasMore).toBe(true);
    const older = await readMessages(app, buyer, chatId, `?limit=10&before=${first.items[2]!.id}`);
    expect(bodies(older)).toEqual(['m3', 'm2', 'm1', 'm0']);
    expect(older.hasMore).toBe(false);
    const missed = await readMessages(app, buyer, chatId, `?limit=2&after=${sent[2]}`);
    expect(bodies(missed)).toEqual(['m4', 'm3']);
    expect(missed.hasMore).toBe(true);
  });
});
