import { describe, expect, it } from 'vitest';
import { chatReadEventSchema, messageResponseSchema, sessionResponseSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { markRead, newChat, send, unreadOf } from '../../../test/chats.js';
import { signIn, signUp, type SignedUp } from '../../../test/sessions.js';
import { connectSocket, settle } from '../../../test/sockets.js';

const { app, url } = await buildTestApp({}, { listen: true });

async function sent(user: SignedUp, chatId: string, body: string) {
  const response = await send(app, user, chatId, body);
  expect(response.statusCode).toBe(201);
  return messageResponseSchema.parse(response.json()).message;
}

describe('the unread total', () => {
  it('counts the partners’ messages over every chat, never the caller’s own', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const first = await signUp(app, { role: 'seller' });
    const second = await signUp(app, { role: 'seller' });
    const one = await newChat(app, buyer, first);
    const two = await newChat(app, buyer, second);
    expect(await unreadOf(app, buyer)).toEqual({ messages: 0, chats: 0 });

    await sent(first, one, 'Hello');
    await sent(first, one, 'Are you there?');
    await sent(second, two, 'Good morning');
    await sent(buyer, two, 'Morning!');

    expect(await unreadOf(app, buyer)).toEqual({ messages: 3, chats: 2 });
    expect(await unreadOf(app, first)).toEqual({ messages: 0, chats: 0 });
    expect(await unreadOf(app, second)).toEqual({ messages: 1, chats: 1 });
  });

  it('drops what was read, and counts only what came after the read marker', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const chatId = await newChat(app, buyer, seller);
    await sent(seller, chatId, 'One');
    const two = await sent(seller, chatId, 'Two');
    await sent(seller, chatId, 'Three');

    expect((await markRead(app, buyer, chatId, two.id)).statusCode).toBe(204);
    expect(await unreadOf(app, buyer)).toEqual({ messages: 1, chats: 1 });
  });

  it('leaves out the history of a chat the caller deleted, and counts a message that brings it back', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const chatId = await newChat(app, buyer, seller);
    await sent(seller, chatId, 'Old news');
    await sent(seller, chatId, 'More old news');

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/chats/${chatId}`,
      headers: buyer.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await unreadOf(app, buyer)).toEqual({ messages: 0, chats: 0 });

    await settle(5); // the next message is stored after the moment of hiding
    await sent(seller, chatId, 'Fresh news');
    expect(await unreadOf(app, buyer)).toEqual({ messages: 1, chats: 1 });
  });

  it('is answered only to a signed-in caller', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/chats/unread' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});

describe('a chat read on one device', () => {
  it('tells the reader’s other sockets and the partner, and nobody else', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const chatId = await newChat(app, buyer, seller);
    const last = await sent(seller, chatId, 'Your quote is ready');

    // The buyer on a second device (a session of its own) and in a second tab, the seller, a
    // stranger.
    const login = await signIn(app, buyer.email, buyer.password);
    expect(login.statusCode).toBe(200);
    const phoneToken = sessionResponseSchema.parse(login.json()).token;
    const [phone, laptop, sellerSocket, strangerSocket] = await Promise.all([
      connectSocket(url, phoneToken),
      connectSocket(url, buyer.token),
      connectSocket(url, seller.token),
      connectSocket(url, stranger.token),
    ]);
    const onPhone = phone.next('chat:read');
    const onLaptop = laptop.next('chat:read');
    const receipt = sellerSocket.next('chat:read');

    expect((await markRead(app, buyer, chatId, last.id)).statusCode).toBe(204);

    const expected = { chatId, userId: buyer.id, messageId: last.id };
    expect(chatReadEventSchema.parse(await onPhone)).toEqual(expected);
    expect(chatReadEventSchema.parse(await onLaptop)).toEqual(expected);
    expect(await receipt).toEqual(expected);
    await settle();
    expect(strangerSocket.events).toEqual([]);
    expect(await unreadOf(app, buyer)).toEqual({ messages: 0, chats: 0 });
  });

  it('emits nothing when the marker does not move (an old receipt arriving late)', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const chatId = await newChat(app, buyer, seller);
    const first = await sent(seller, chatId, 'First');
    const second = await sent(seller, chatId, 'Second');
    expect((await markRead(app, buyer, chatId, second.id)).statusCode).toBe(204);

    const tab = await connectSocket(url, buyer.token);
    expect((await markRead(app, buyer, chatId, first.id)).statusCode).toBe(204);
    await settle();
    expect(tab.events.filter((item) => item.event === 'chat:read')).toEqual([]);
    expect(await unreadOf(app, buyer)).toEqual({ messages: 0, chats: 0 });
  });

  it('refuses to mark another person’s chat as read and tells nobody', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const chatId = await newChat(app, buyer, seller);
    const last = await sent(seller, chatId, 'Private');

    const buyerSocket = await connectSocket(url, buyer.token);
    expect((await markRead(app, stranger, chatId, last.id)).statusCode).toBe(404);
    await settle();
    expect(buyerSocket.events).toEqual([]);
    expect(await unreadOf(app, buyer)).toEqual({ messages: 1, chats: 1 });
  });
});
