import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { buildTestApp } from '../../test/build-test-app.js';
import { newChat } from '../../test/chats.js';
import { signUp, type SignedUp } from '../../test/sessions.js';
import { handleClientEvent } from './realtime.js';
import { connectSocket, settle, type ClientSocket } from '../../test/sockets.js';

const { app, url } = await buildTestApp({}, { listen: true });

type ClientOptions = Partial<ManagerOptions & SocketOptions>;

/** How a handshake ended: connected, or the `connect_error` message; never silence. */
async function handshake(options: ClientOptions, namespace = '/'): Promise<string> {
  const socket = io(`${url}${namespace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
    ...options,
  });
  try {
    return await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  } finally {
    socket.close();
  }
}

let someone: Promise<SignedUp> | undefined;

/** The process still answers HTTP and still lets a signed-in user open a socket. */
async function expectServing() {
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  someone ??= signUp(app, { role: 'buyer', category: null });
  expect(await handshake({ auth: { token: (await someone).token } })).toBe('connected');
}

/** The answer to an event sent with an ack (rejects when none comes within 3 s). */
function emitWithAck(socket: ClientSocket, event: string, ...args: unknown[]): Promise<unknown> {
  // Untyped on purpose: these events and payloads are not in the contract.
  const untyped = socket.timeout(3_000) as unknown as {
    emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
  };
  return untyped.emitWithAck(event, ...args);
}

const validationProblem = {
  ok: false,
  error: expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED' }),
};

describe('the socket handshake', () => {
  it('refuses a session cookie that is not valid percent-encoding, and keeps serving', async () => {
    expect(await handshake({ extraHeaders: { cookie: 'maya_session=%E0%A4%A' } })).toBe(
      'unauthenticated',
    );
    await expectServing();
  });

  it.each([
    ['a truncated escape', { extraHeaders: { cookie: 'maya_session=%' } }],
    ['an undecodable cookie beside another', { extraHeaders: { cookie: 'a=%E0%A4%A; b=%ZZ' } }],
    ['a cookie without a value', { extraHeaders: { cookie: 'maya_session' } }],
    ['a cookie header of separators', { extraHeaders: { cookie: ';;;=;maya_session=;' } }],
    ['an 8 KB session cookie', { extraHeaders: { cookie: `maya_session=${'A'.repeat(8_000)}` } }],
    [
      'prototype names as cookies',
      { extraHeaders: { cookie: '__proto__=x; constructor=y; maya_session=%E0%A4%A' } },
    ],
    ['a number as auth.token', { auth: { token: 123 } }],
    ['an object as auth.token', { auth: { token: { $ne: null } } }],
    ['an array as auth.token', { auth: { token: ['a-session-token-of-good-length'] } }],
    ['null as auth.token', { auth: { token: null } }],
    ['an empty auth.token', { auth: { token: '' } }],
    ['a 60 KB auth.token', { auth: { token: 'x'.repeat(60_000) } }],
    ['NUL characters as auth.token', { auth: { token: '\u0000'.repeat(40) } }],
    ['an undecodable auth.token', { auth: { token: '%E0%A4%A' } }],
    ['auth with a __proto__ key', { auth: JSON.parse('{"__proto__":{"token":"x"}}') as object }],
    [
      'a deeply nested auth',
      { auth: { token: JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`) } },
    ],
    ['an 8 KB Bearer header', { extraHeaders: { authorization: `Bearer ${'a'.repeat(8_000)}` } }],
    ['a Basic header', { extraHeaders: { authorization: 'Basic Zm9vOmJhcg==' } }],
    ['an undecodable Bearer header', { extraHeaders: { authorization: 'Bearer %E0%A4%A' } }],
    ['an odd Host header', { extraHeaders: { host: '%E0%A4%A' } }],
    ['a token in the query', { query: { token: '%E0%A4%A', maya_session: '%' } }],
  ] satisfies [string, ClientOptions][])('refuses %s and keeps serving', async (_name, options) => {
    expect(await handshake(options)).toBe('unauthenticated');
    await expectServing();
  });

  it.each([
    [
      'a cookie header beyond the size limit',
      { extraHeaders: { cookie: `a=${'b'.repeat(20_000)}` } },
    ],
    ['a forged engine session id', { query: { sid: 'forged' } }],
  ] satisfies [string, ClientOptions][])(
    'refuses %s before Socket.IO, and keeps serving',
    async (_name, options) => {
      expect(await handshake(options)).not.toBe('connected');
      await expectServing();
    },
  );

  it('refuses a namespace that does not exist', async () => {
    const user = await signUp(app, { role: 'buyer', category: null });
    expect(await handshake({ auth: { token: user.token } }, '/admin')).toBe('Invalid namespace');
    await expectServing();
  });

  it('finds the session cookie among cookies that do not decode', async () => {
    const user = await signUp(app, { role: 'buyer', category: null });
    const cookie = `a=%E0%A4%A; maya_session=${user.token}; b=%`;
    expect(await handshake({ extraHeaders: { cookie } })).toBe('connected');
  });
});

describe('socket events', () => {
  async function chatAndSockets() {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const chatId = await newChat(app, buyer, seller);
    const [buyerSocket, sellerSocket] = await Promise.all([
      connectSocket(url, buyer.token),
      connectSocket(url, seller.token),
    ]);
    return { chatId, buyer, buyerSocket, sellerSocket };
  }

  it('answers a malformed typing event through its ack with a validation problem', async () => {
    const { chatId, buyer, buyerSocket, sellerSocket } = await chatAndSockets();
    const payloads = [
      undefined,
      null,
      'typing',
      42,
      [],
      {},
      { chatId: {} },
      { chatId: [chatId] },
      { chatId: 'x'.repeat(50_000) },
      { chatId: JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`) },
    ];
    for (const payload of payloads) {
      expect(await emitWithAck(buyerSocket.socket, 'typing', payload)).toEqual(validationProblem);
    }
    const typing = sellerSocket.next('typing');
    expect(await emitWithAck(buyerSocket.socket, 'typing', { chatId }, 'extra')).toEqual({
      ok: true,
    });
    expect(await typing).toEqual({ chatId, userId: buyer.id });
    expect(buyerSocket.socket.connected).toBe(true);
  });

  it('answers typing in a chat that is not yours with NOT_FOUND, and a flood with RATE_LIMITED', async () => {
    const { chatId } = await chatAndSockets();
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const strangerSocket = await connectSocket(url, stranger.token);
    expect(await emitWithAck(strangerSocket.socket, 'typing', { chatId })).toEqual({
      ok: false,
      error: expect.objectContaining({ status: 404, code: 'NOT_FOUND' }),
    });

    const answers = [];
    for (let index = 0; index < 35; index += 1) {
      answers.push(await emitWithAck(strangerSocket.socket, 'typing', { chatId }));
    }
    expect(answers.at(-1)).toEqual({
      ok: false,
      error: expect.objectContaining({ status: 429, code: 'RATE_LIMITED' }),
    });
    expect(strangerSocket.socket.connected).toBe(true);
  });

  it('answers an event it does not know through its ack, and ignores one without', async () => {
    const { buyerSocket } = await chatAndSockets();
    for (const event of ['message:new', 'constructor', '__proto__', 'hasOwnProperty', 'toString']) {
      expect(await emitWithAck(buyerSocket.socket, event, { chatId: 'x' })).toEqual({
        ok: false,
        error: expect.objectContaining({ status: 404, code: 'NOT_FOUND' }),
      });
      (buyerSocket.socket.emit as (event: string, payload: unknown) => void)(event, null);
    }
    await settle();
    expect(buyerSocket.socket.connected).toBe(true);
    await expectServing();
  });

  it("answers a refusal in the socket's language: the web's cookie, else Accept-Language", async () => {
    const { chatId } = await chatAndSockets();
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const open = async (headers: Record<string, string>) => {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: stranger.token },
        extraHeaders: headers,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const portugal = await open({ 'accept-language': 'pt-PT,en;q=0.5' });
    const web = await open({ 'accept-language': 'pt-PT', cookie: 'maya_lang=pt' });
    try {
      expect(await emitWithAck(portugal, 'typing', { chatId })).toEqual({
        ok: false,
        error: expect.objectContaining({ code: 'NOT_FOUND', detail: 'Esta conversa não existe.' }),
      });
      expect(await emitWithAck(portugal, 'no:such:event', {})).toEqual({
        ok: false,
        error: expect.objectContaining({ detail: 'Não existe esse evento de socket.' }),
      });
      expect(await emitWithAck(web, 'no:such:event', {})).toEqual({
        ok: false,
        error: expect.objectContaining({ detail: 'Esse evento de socket não existe.' }),
      });
    } finally {
      portugal.close();
      web.close();
    }
  });

  it('answers a handler that throws or rejects with INTERNAL, its cause in the log only', async () => {
    const logged: unknown[] = [];
    const log = { error: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    const failing = {
      'test:throws': () => {
        throw new Error('secret cause');
      },
      'test:rejects': () => Promise.reject(new Error('secret cause')),
    };
    app.io.on('connection', (socket) => {
      for (const [event, handler] of Object.entries(failing)) {
        // Events outside the contract, registered here only to make a handler fail.
        handleClientEvent(socket, event as 'typing', z.unknown(), handler, log);
      }
    });
    const { buyerSocket } = await chatAndSockets();
    for (const event of Object.keys(failing)) {
      const answer = await emitWithAck(buyerSocket.socket, event, {});
      expect(answer).toEqual({
        ok: false,
        error: expect.objectContaining({ status: 500, code: 'INTERNAL' }),
      });
      expect(JSON.stringify(answer)).not.toContain('secret cause');
    }
    expect(logged).toHaveLength(2);
    expect(buyerSocket.socket.connected).toBe(true);
  });

  it('keeps serving when a client emits "error"', async () => {
    const { buyerSocket } = await chatAndSockets();
    (buyerSocket.socket.emit as (event: string, payload: unknown) => void)('error', 'boom');
    (buyerSocket.socket.emit as (event: string) => void)('error');
    await settle();
    await expectServing();
  });

  it.each([
    ['an unterminated event', ['2["typing",']],
    ['an event that is not an array', ['2{"chatId":"x"}']],
    ['an unknown packet type', ['9["typing"]']],
    ['a connect packet with a null payload', ['0null']],
    [
      'a binary placeholder followed by text',
      ['51-["typing",{"_placeholder":true,"num":0}]', '2["typing"]'],
    ],
  ])('closes a connection that sends %s, and keeps serving', async (_name, packets) => {
    const { buyerSocket } = await chatAndSockets();
    const closed = new Promise<string>((resolve) => buyerSocket.socket.once('disconnect', resolve));
    for (const packet of packets) buyerSocket.socket.io.engine.send(packet);
    expect(await closed).toMatch(/transport close|parse error|server disconnect/);
    await expectServing();
  });
});

describe('sockets per user', () => {
  it('closes the oldest socket of a user who opens one more than SOCKETS_PER_USER', async () => {
    const capped = await buildTestApp({ SOCKETS_PER_USER: '3' }, { listen: true });
    const user = await signUp(capped.app, { role: 'buyer', category: null });
    const other = await signUp(capped.app, { role: 'buyer', category: null });
    const othersSocket = await connectSocket(capped.url, other.token);
    const open = [];
    for (let index = 0; index < 3; index += 1)
      open.push(await connectSocket(capped.url, user.token));
    const [first, second, third] = open;
    const firstClosed = new Promise<string>((resolve) => first!.socket.once('disconnect', resolve));

    const fourth = await connectSocket(capped.url, user.token);
    expect(await Promise.race([firstClosed, settle(3_000).then(() => 'still open')])).toBe(
      'io server disconnect',
    );
    await settle();
    expect([second, third, fourth].map((recorder) => recorder!.socket.connected)).toEqual([
      true,
      true,
      true,
    ]);
    expect(othersSocket.socket.connected).toBe(true);

    // A socket that closes frees its place: the next one closes nobody.
    third!.socket.close();
    await settle();
    const fifth = await connectSocket(capped.url, user.token);
    await settle();
    expect([second, fourth, fifth].map((recorder) => recorder!.socket.connected)).toEqual([
      true,
      true,
      true,
    ]);

    // The rooms of a closed socket are left too: events still reach every open one.
    const reached = [second, fourth, fifth].map((recorder) => recorder!.next('chat:read'));
    capped.app.io.to(`user:${user.id}`).emit('chat:read', {
      chatId: 'c',
      userId: user.id,
      messageId: 'm',
    });
    await Promise.all(reached);
    expect(first!.events).toEqual([]);
  });
});
