import { describe, expect, it } from 'vitest';
import { legacyChatAnswerSchema, legacyProblemSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { sameOrigin, signUp, type SignedUp } from '../../../test/sessions.js';

const { app } = await buildTestApp();

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

async function call(request: Call, headers: Record<string, string> = {}) {
  return app.inject({
    method: request.method,
    url: request.url,
    payload: request.payload as string,
    headers,
  });
}

/** The owner's objects: a chat with one message, a folder holding it, an account. */
async function setup() {
  const owner = await signUp(app, { role: 'buyer', category: null, firstName: 'Olga' });
  const seller = await signUp(app, { role: 'seller', firstName: 'Sam' });
  const opened = await app.inject({
    method: 'POST',
    url: '/chats',
    headers: owner.headers,
    payload: {
      UserId: owner.id,
      SellerId: seller.id,
      chat: [{ content: 'Private question', isUser: true }],
    },
  });
  expect(opened.statusCode).toBe(201);
  const chatId = legacyChatAnswerSchema.parse(opened.json()).data._id;
  const folder = await app.inject({
    method: 'PUT',
    url: '/mainfolder/main',
    headers: owner.headers,
    payload: { chats: [chatId] },
  });
  expect(folder.statusCode).toBe(200);
  return { owner, seller, chatId };
}

/** Every call on one of the owner's objects, with the status another user gets on /api/v1. */
function objectCalls(owner: SignedUp, seller: SignedUp, chatId: string): [Call, number][] {
  return [
    [{ name: 'load a chat', method: 'PUT', url: `/chats/${chatId}` }, 404],
    [
      {
        name: 'save a chat',
        method: 'PUT',
        url: `/chats/${chatId}`,
        payload: {
          chat: [
            { content: 'Injected', isUser: true },
            { content: 'Injected', isUser: false },
          ],
        },
      },
      404,
    ],
    [{ name: 'delete a chat', method: 'DELETE', url: `/chats/${chatId}` }, 404],
    [{ name: 'read an account', method: 'PUT', url: `/api/user/${owner.id}` }, 403],
    [
      {
        name: 'save a gallery',
        method: 'PUT',
        url: `/api/user/${owner.id}`,
        payload: { files: [] },
      },
      403,
    ],
    [
      {
        name: 'update names',
        method: 'PUT',
        url: `/user/accountuserInfo/${owner.id}`,
        payload: { firstName: 'Mallory', lastName: 'X' },
      },
      403,
    ],
    [
      {
        name: 'update the location',
        method: 'PUT',
        url: `/user/accountuserInfo/${owner.id}`,
        payload: { latitude: 1, longitude: 1 },
      },
      403,
    ],
    [
      {
        name: 'update the email',
        method: 'PUT',
        url: `/user/accountuserInfo/${owner.id}`,
        payload: { email: 'mallory@example.test', currentPassword: 'whatever it is' },
      },
      403,
    ],
    [
      {
        name: 'update the password',
        method: 'PUT',
        url: `/user/accountuserInfo/${owner.id}`,
        payload: { password: 'mallory owns this now', currentPassword: 'whatever it is' },
      },
      403,
    ],
    [{ name: 'read a folder', method: 'GET', url: '/mainfolder/main' }, 404],
    [
      {
        name: 'fill a folder',
        method: 'PUT',
        url: '/mainfolder/main',
        payload: { chats: [chatId] },
      },
      404,
    ],
    [
      {
        name: 'open a chat as the owner',
        method: 'POST',
        url: '/chats',
        payload: {
          UserId: owner.id,
          SellerId: seller.id,
          chat: [{ content: 'As you', isUser: true }],
        },
      },
      403,
    ],
    [
      {
        name: 'look up the email',
        method: 'GET',
        url: `/user?email=${encodeURIComponent(owner.email)}`,
      },
      404,
    ],
  ];
}

async function ownerState(owner: SignedUp, chatId: string) {
  const chat = await app.inject({ method: 'PUT', url: `/chats/${chatId}`, headers: owner.headers });
  const account = await app.inject({
    method: 'PUT',
    url: `/api/user/${owner.id}`,
    headers: owner.headers,
  });
  const folder = await app.inject({
    method: 'GET',
    url: '/mainfolder/main',
    headers: owner.headers,
  });
  const chats = await app.inject({ method: 'GET', url: '/chats', headers: owner.headers });
  return { chat: chat.json(), account: account.json(), folder: folder.json(), chats: chats.json() };
}

describe('another user', () => {
  it('is refused on every object of the owner and changes nothing', async () => {
    const { owner, seller, chatId } = await setup();
    const before = await ownerState(owner, chatId);
    const strangers = [
      await signUp(app, { role: 'buyer', category: null }),
      await signUp(app, { role: 'seller' }),
    ];
    for (const stranger of strangers) {
      for (const [request, status] of objectCalls(owner, seller, chatId)) {
        const response = await call(request, stranger.headers);
        expect(response.statusCode, `${request.name} as ${stranger.email}`).toBe(status);
        legacyProblemSchema.parse(response.json());
      }
    }
    expect(await ownerState(owner, chatId)).toEqual(before);
  });

  it('gets the same answers as on /api/v1 for the same chat', async () => {
    const { chatId } = await setup();
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const pairs: [Call, Call][] = [
      [
        { name: 'load', method: 'PUT', url: `/chats/${chatId}` },
        { name: 'load', method: 'GET', url: `/api/v1/chats/${chatId}/messages` },
      ],
      [
        {
          name: 'save',
          method: 'PUT',
          url: `/chats/${chatId}`,
          payload: { chat: [{ content: 'Hi', isUser: true }] },
        },
        {
          name: 'send',
          method: 'POST',
          url: `/api/v1/chats/${chatId}/messages`,
          payload: { body: 'Hi', clientId: 'stranger-client-1' },
        },
      ],
      [
        { name: 'delete', method: 'DELETE', url: `/chats/${chatId}` },
        { name: 'delete', method: 'DELETE', url: `/api/v1/chats/${chatId}` },
      ],
    ];
    for (const [legacy, v1] of pairs) {
      const old = await call(legacy, stranger.headers);
      const current = await call(v1, stranger.headers);
      expect(old.statusCode, legacy.name).toBe(current.statusCode);
      expect(old.json().code, legacy.name).toBe(current.json().code);
    }
  });

  it('sees only its own chats in GET /chats and none of the owner’s messages', async () => {
    const { owner, seller, chatId } = await setup();
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const response = await app.inject({ method: 'GET', url: '/chats', headers: stranger.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
    const sellers = await app.inject({ method: 'GET', url: '/chats', headers: seller.headers });
    expect(sellers.json().data.map((chat: { _id: string }) => chat._id)).toEqual([chatId]);
    expect(JSON.stringify(response.json())).not.toContain(owner.id);
  });

  it('gets the same answer from GET /user for a registered email as for an unknown one', async () => {
    const { owner } = await setup();
    const stranger = await signUp(app, { role: 'seller' });
    const registered = await app.inject({
      method: 'GET',
      url: `/user?email=${encodeURIComponent(owner.email)}`,
      headers: stranger.headers,
    });
    const unknown = await app.inject({
      method: 'GET',
      url: '/user?email=nobody-at-all%40example.test',
      headers: stranger.headers,
    });
    expect(registered.statusCode).toBe(404);
    const strip = (body: Record<string, unknown>) => ({ ...body, instance: undefined });
    expect(strip(registered.json())).toEqual(strip(unknown.json()));
  });

  it('keeps its own folder of the same name apart from the owner’s', async () => {
    const { owner, chatId } = await setup();
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const own = await app.inject({
      method: 'PUT',
      url: '/mainfolder/main',
      headers: stranger.headers,
      payload: { chats: [] },
    });
    expect(own.json()).toEqual({ data: { _id: 'main', chats: [] } });
    const owners = await app.inject({
      method: 'GET',
      url: '/mainfolder/main',
      headers: owner.headers,
    });
    expect(owners.json()).toEqual({ data: { _id: 'main', chats: [chatId] } });
  });
});

describe('an anonymous caller', () => {
  it('is refused with 401 on every object and on every signed-in call', async () => {
    const { owner, seller, chatId } = await setup();
    const before = await ownerState(owner, chatId);
    const calls: Call[] = [
      ...objectCalls(owner, seller, chatId).map(([request]) => request),
      { name: 'list chats', method: 'GET', url: '/chats' },
      { name: 'read a folder of mine', method: 'GET', url: '/mainfolder/main' },
    ];
    const anonymous: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-real-session-token-at-all' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    ];
    for (const headers of anonymous) {
      for (const request of calls) {
        const response = await call(request, headers);
        expect(response.statusCode, `${request.name} ${JSON.stringify(headers)}`).toBe(401);
        expect(legacyProblemSchema.parse(response.json()).code).toBe('UNAUTHENTICATED');
      }
    }
    expect(await ownerState(owner, chatId)).toEqual(before);
  });

  it('is refused once the session is signed out', async () => {
    const { owner, chatId } = await setup();
    await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: owner.headers });
    const response = await app.inject({
      method: 'PUT',
      url: `/chats/${chatId}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sessions from cookies', () => {
  it('are not read on the old paths outside /api, and need same-origin proof inside it', async () => {
    const { owner, chatId } = await setup();
    const cookie = { cookie: `maya_session=${owner.token}` };
    const outside = await app.inject({ method: 'PUT', url: `/chats/${chatId}`, headers: cookie });
    expect(outside.statusCode).toBe(401);

    const crossSite = await app.inject({
      method: 'PUT',
      url: `/api/user/${owner.id}`,
      headers: { ...cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const noProof = await app.inject({
      method: 'PUT',
      url: `/api/user/${owner.id}`,
      headers: cookie,
    });
    expect(noProof.statusCode).toBe(403);
    const sameSite = await app.inject({
      method: 'PUT',
      url: `/api/user/${owner.id}`,
      headers: { ...cookie, ...sameOrigin },
    });
    expect(sameSite.statusCode).toBe(200);
  });
});
