import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { legacyChatAnswerSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { chatsOf, newChat, readMessages, send } from '../../../test/chats.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';
import { connectChatAndStranger, connectSocket, settle } from '../../../test/sockets.js';

const { app, url } = await buildTestApp({}, { listen: true });

async function setup() {
  const buyer = await signUp(app, { role: 'buyer', category: null, firstName: 'Bea' });
  const seller = await signUp(app, { role: 'seller', firstName: 'Sol' });
  const opened = await app.inject({
    method: 'POST',
    url: '/chats',
    headers: buyer.headers,
    payload: { UserId: buyer.id, SellerId: seller.id },
  });
  expect(opened.statusCode).toBe(201);
  return { buyer, seller, chatId: legacyChatAnswerSchema.parse(opened.json()).data._id };
}

async function load(user: SignedUp, chatId: string) {
  const response = await app.inject({
    method: 'PUT',
    url: `/chats/${chatId}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return legacyChatAnswerSchema.parse(response.json()).data.chat;
}

function save(user: SignedUp, chatId: string, chat: { content: string; isUser: boolean }[]) {
  return app.inject({
    method: 'PUT',
    url: `/chats/${chatId}`,
    headers: user.headers,
    payload: { chat },
  });
}

const messageEvents = (events: { event: string; payload: unknown }[]) =>
  events.filter((item) => item.event === 'message:new');

describe('messages saved through the old calls', () => {
  it('reach both participants’ sockets at once, like messages sent from the web inbox', async () => {
    const { buyer, seller, chatId } = await setup();
    const stranger = await signUp(app, { role: 'seller' });
    const { strangerSocket, arriving, echo } = await connectChatAndStranger(url, {
      buyer: buyer.token,
      seller: seller.token,
      stranger: stranger.token,
    });
    const response = await save(buyer, chatId, [{ content: 'Is Saturday free?', isUser: true }]);
    expect(response.statusCode).toBe(200);
    const event = await arriving;
    expect(event).toMatchObject({
      chatId,
      message: { chatId, senderId: buyer.id, body: 'Is Saturday free?' },
    });
    expect(event.message.clientId).toMatch(/^legacy-[0-9a-f]{40}$/);
    expect(await echo).toEqual(event);
    const [saved] = legacyChatAnswerSchema.parse(response.json()).data.chat;
    expect(saved?._id).toBe(event.message.id);

    await settle();
    expect(strangerSocket.events).toEqual([]);
  });

  it('emit each new message once, and nothing when the same conversation is saved again', async () => {
    const { buyer, seller, chatId } = await setup();
    const sellerSocket = await connectSocket(url, seller.token);
    const conversation = [
      { content: 'One', isUser: true },
      { content: 'Two', isUser: true },
    ];
    expect((await save(buyer, chatId, conversation)).statusCode).toBe(200);
    expect((await save(buyer, chatId, conversation)).statusCode).toBe(200);
    await settle();
    expect(
      messageEvents(sellerSocket.events).map((item) => (item.payload as any).message.body),
    ).toEqual(['One', 'Two']);
  });

  it('reach the socket when a chat is opened with its first message (POST /chats)', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const sellerSocket = await connectSocket(url, seller.token);
    const arriving = sellerSocket.next('message:new');
    const opened = await app.inject({
      method: 'POST',
      url: '/chats',
      headers: buyer.headers,
      payload: {
        UserId: buyer.id,
        SellerId: seller.id,
        chat: [{ content: 'Hello from the old client', isUser: true }],
      },
    });
    expect(opened.statusCode).toBe(201);
    expect((await arriving).message.body).toBe('Hello from the old client');
  });
});

describe('messages sent through /api/v1', () => {
  it('appear in the old load call, in order, with isUser marking the buyer', async () => {
    const { buyer, seller, chatId } = await setup();
    const first = await send(app, buyer, chatId, 'Hi, from the web inbox', 'web-client-0001');
    expect(first.statusCode).toBe(201);
    const second = await send(app, seller, chatId, 'Hello! How can we help?', 'web-client-0002');
    expect(second.statusCode).toBe(201);

    const chat = await load(buyer, chatId);
    expect(chat.map(({ content, isUser }) => ({ content, isUser }))).toEqual([
      { content: 'Hi, from the web inbox', isUser: true },
      { content: 'Hello! How can we help?', isUser: false },
    ]);
    expect(await load(seller, chatId)).toEqual(chat);

    // The old client then saves what it loaded plus its new message: only that one is added.
    const sellerSocket = await connectSocket(url, seller.token);
    const arriving = sellerSocket.next('message:new');
    const saved = await save(buyer, chatId, [
      ...chat.map(({ content, isUser }) => ({ content, isUser })),
      { content: 'For 40 people, please.', isUser: true },
    ]);
    expect(
      legacyChatAnswerSchema.parse(saved.json()).data.chat.map((item) => item.content),
    ).toEqual(['Hi, from the web inbox', 'Hello! How can we help?', 'For 40 people, please.']);
    expect((await arriving).message.body).toBe('For 40 people, please.');

    // And the web inbox sees the old client's message.
    const page = await readMessages(app, seller, chatId);
    expect(page.items.map((item) => item.body)).toEqual([
      'For 40 people, please.',
      'Hello! How can we help?',
      'Hi, from the web inbox',
    ]);
  });

  it('are kept when an old client saves a stale copy of the conversation', async () => {
    const { buyer, chatId } = await setup();
    await save(buyer, chatId, [{ content: 'First', isUser: true }]);
    await send(app, buyer, chatId, 'Sent from the phone', 'phone-client-0001');
    // This old client never loaded the phone's message; its new one is still appended.
    await save(buyer, chatId, [
      { content: 'First', isUser: true },
      { content: 'Sent from the laptop', isUser: true },
    ]);
    expect((await load(buyer, chatId)).map((item) => item.content)).toEqual([
      'First',
      'Sent from the phone',
      'Sent from the laptop',
    ]);
  });

  it('never let a save speak for the partner', async () => {
    const { buyer, seller, chatId } = await setup();
    await save(buyer, chatId, [
      { content: 'Mine', isUser: true },
      { content: 'Pretending to be the seller', isUser: false },
    ]);
    expect(
      (await load(seller, chatId)).map(({ content, isUser }) => ({ content, isUser })),
    ).toEqual([{ content: 'Mine', isUser: true }]);
  });

  it('go through the same send limit as /api/v1', async () => {
    const { buyer, chatId } = await setup();
    const many = Array.from({ length: 60 }, (_, index) => ({
      content: `Message ${index}`,
      isUser: true,
    }));
    expect((await save(buyer, chatId, many)).statusCode).toBe(200);
    expect(await load(buyer, chatId)).toHaveLength(60);

    const response = await save(buyer, chatId, [
      ...many,
      { content: 'One too many', isUser: true },
    ]);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(response.headers['retry-after']).toBeDefined();
    expect(await load(buyer, chatId)).toHaveLength(60);
  });
});

describe('a save the send limit cannot take whole', () => {
  const conversation = (count: number, prefix = 'Message') =>
    Array.from({ length: count }, (_, index) => ({ content: `${prefix} ${index}`, isUser: true }));

  it('stores none of 1,000 new messages and emits nothing (PUT /chats/{id})', async () => {
    const { buyer, seller, chatId } = await setup();
    const sellerSocket = await connectSocket(url, seller.token);
    const response = await save(buyer, chatId, conversation(1000));
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail:
        'At most 60 messages can be sent a minute; this holds 1000 new ones. Send fewer at once.',
      error:
        'At most 60 messages can be sent a minute; this holds 1000 new ones. Send fewer at once.',
    });
    expect(await load(buyer, chatId)).toEqual([]);
    await settle();
    expect(messageEvents(sellerSocket.events)).toEqual([]);

    // The whole budget is still there: a save of 60 goes through.
    expect((await save(buyer, chatId, conversation(60))).statusCode).toBe(200);
    expect(await load(buyer, chatId)).toHaveLength(60);
  });

  it('stores nothing when the rest of the minute’s budget is smaller than the save', async () => {
    const { buyer, chatId } = await setup();
    for (let index = 0; index < 50; index += 1) {
      expect(
        (await send(app, buyer, chatId, `Web ${index}`, `web-budget-${index}`)).statusCode,
      ).toBe(201);
    }
    const stored = (await load(buyer, chatId)).map(({ content, isUser }) => ({ content, isUser }));
    const tooMany = await save(buyer, chatId, [...stored, ...conversation(11, 'Old client')]);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().detail).toMatch(
      /^You are sending messages too fast\. Please wait \d+ s\.$/,
    );
    expect(tooMany.headers['retry-after']).toMatch(/^\d+$/);
    expect(await load(buyer, chatId)).toHaveLength(50);

    const fits = await save(buyer, chatId, [...stored, ...conversation(10, 'Old client')]);
    expect(fits.statusCode).toBe(200);
    expect(await load(buyer, chatId)).toHaveLength(60);
  });

  it('neither opens the chat nor stores a message when POST /chats brings too many', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const response = await app.inject({
      method: 'POST',
      url: '/chats',
      headers: buyer.headers,
      payload: { UserId: buyer.id, SellerId: seller.id, chat: conversation(61) },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await chatsOf(app, buyer)).toEqual([]);
  });

  it('stores none of its messages when one fails half-way', async () => {
    const { buyer, seller, chatId } = await setup();
    expect((await save(buyer, chatId, [{ content: 'First', isUser: true }])).statusCode).toBe(200);
    const [first] = await load(buyer, chatId);
    // The client ids a save gives 'Second' and then 'Third' (ARCHITECTURE.md, "Saving a chat").
    const clientId = (previous: string, content: string) =>
      `legacy-${createHash('sha256').update(`${chatId}\n${previous}\n${content}`).digest('hex').slice(0, 40)}`;
    const second = clientId(first!._id, 'Second');
    const third = clientId(second, 'Third');
    // The buyer already used the third one in another chat, so that insert is refused.
    const other = await signUp(app, { role: 'seller' });
    const elsewhere = await newChat(app, buyer, other);
    expect((await send(app, buyer, elsewhere, 'Elsewhere', third)).statusCode).toBe(201);

    const sellerSocket = await connectSocket(url, seller.token);
    const response = await save(buyer, chatId, [
      { content: 'First', isUser: true },
      { content: 'Second', isUser: true },
      { content: 'Third', isUser: true },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await load(buyer, chatId)).map((item) => item.content)).toEqual(['First']);
    await settle();
    expect(messageEvents(sellerSocket.events)).toEqual([]);

    // The refused save cost nothing: 'First' and 'Elsewhere' used 2 of the minute's 60.
    const rest = await save(buyer, chatId, [
      { content: 'First', isUser: true },
      ...conversation(58, 'Later'),
    ]);
    expect(rest.statusCode).toBe(200);
    expect(await load(buyer, chatId)).toHaveLength(59);
  });
});
