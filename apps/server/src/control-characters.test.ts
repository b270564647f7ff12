import { describe, expect, it } from 'vitest';
import { legacyChatAnswerSchema, legacySessionAnswerSchema } from '@maya/contracts';
import { buildTestApp } from '../test/build-test-app.js';
import { newChat, readMessages, send } from '../test/chats.js';
import { legacyValidationProblem, validationProblem } from '../test/problems.js';
import { getMe, nextAddress, sameOrigin, signUp, type SignedUp } from '../test/sessions.js';

// Text with a character PostgreSQL cannot store (U+0000) or that no person types (the other C0
// and C1 controls, DEL, half of a surrogate pair) is refused by the contracts with the field
// named, before any service or query sees it.

const { app } = await buildTestApp();

const nul = 'Ana\u0000Lisboa';
const nulMessage = 'Remove the invisible control character U+0000.';

function patchMe(user: SignedUp, payload: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: '/api/v1/me', headers: user.headers, payload });
}

async function me(user: SignedUp) {
  return (await getMe(app, user.headers)).json();
}

describe('U+0000 in the profile', () => {
  it.each([
    ['description', { description: `Catering for ${nul}` }],
    ['firstName', { firstName: nul }],
    ['location.address', { location: { address: nul, lat: 38.7, lng: -9.1 } }],
  ])('refuses it in %s with 400 and the field named, and changes nothing', async (field, body) => {
    const user = await signUp(app);
    const before = await me(user);
    const response = await patchMe(user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationProblem('/api/v1/me', { [field]: nulMessage }));
    expect(await me(user)).toEqual(before);
  });
});

describe('U+0000 at sign-up', () => {
  it('refuses it in the first name with 400 and the field named, and creates no account', async () => {
    const email = `nul-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      remoteAddress: nextAddress(),
      payload: {
        role: 'buyer',
        email,
        password: 'a long enough passphrase',
        firstName: nul,
        lastName: 'Person',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      validationProblem('/api/v1/auth/signup', { firstName: nulMessage }),
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: sameOrigin,
      payload: { email, password: 'a long enough passphrase' },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('U+0000 in a message', () => {
  it('refuses it in the body with 400 and the field named, and sends nothing', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app);
    const chatId = await newChat(app, buyer, seller);
    const response = await send(app, buyer, chatId, `Hello ${nul}`, 'nul-client-0001');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      validationProblem(`/api/v1/chats/${chatId}/messages`, { body: nulMessage }),
    );
    expect((await readMessages(app, seller, chatId)).items).toEqual([]);
  });
});

describe('U+0000 through the old client’s calls', () => {
  it('refuses it in PUT /user/accountuserInfo/{id} with the old problem shape, and changes nothing', async () => {
    const user = await signUp(app);
    const before = await me(user);
    const url = `/user/accountuserInfo/${user.id}`;
    const response = await app.inject({
      method: 'PUT',
      url,
      headers: user.headers,
      payload: { firstName: nul, lastName: 'Person' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(legacyValidationProblem(url, { firstName: nulMessage }));
    expect(await me(user)).toEqual(before);
  });

  it('refuses it in a message of PUT /chats/{id} with the old problem shape, and saves nothing', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app);
    const chatId = await newChat(app, buyer, seller);
    const url = `/chats/${chatId}`;
    const response = await app.inject({
      method: 'PUT',
      url,
      headers: buyer.headers,
      payload: {
        chat: [
          { content: 'Hello', isUser: true },
          { content: nul, isUser: true },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(legacyValidationProblem(url, { 'chat.1.content': nulMessage }));
    expect((await readMessages(app, seller, chatId)).items).toEqual([]);
  });

  it('refuses it in a message of POST /chats with the old problem shape, and opens nothing', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/chats',
      headers: buyer.headers,
      payload: { UserId: buyer.id, SellerId: seller.id, chat: [{ content: nul, isUser: true }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      legacyValidationProblem('/chats', { 'chat.0.content': nulMessage }),
    );
    const chats = await app.inject({ method: 'GET', url: '/chats', headers: buyer.headers });
    expect(legacyChatAnswerSchema.shape.data.array().parse(chats.json().data)).toEqual([]);
  });

  it('refuses it in the name of POST /api/user with the old problem shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user',
      remoteAddress: nextAddress(),
      payload: {
        email: `nul-${Math.random().toString(36).slice(2, 8)}@example.test`,
        password: 'a long enough passphrase',
        fullname: `${nul} Person`,
        role: 'buyer',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(legacyValidationProblem('/api/user', { fullname: nulMessage }));
    expect(legacySessionAnswerSchema.safeParse(response.json()).success).toBe(false);
  });
});

describe('which characters are refused', () => {
  it('keeps tab and line breaks in a description but refuses them in a name', async () => {
    const user = await signUp(app);
    const description = 'Line one\n\tLine two\r\nLine three';
    const kept = await patchMe(user, { description });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().user.description).toBe(description);

    const refused = await patchMe(user, { firstName: 'Ana\tMaria', lastName: 'Sousa\nLda' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(
      validationProblem('/api/v1/me', {
        firstName: 'Remove the invisible control character U+0009.',
        lastName: 'Remove the invisible control character U+000A.',
      }),
    );
  });

  it('drops a pasted line break around a name with the other surrounding space', async () => {
    const user = await signUp(app);
    const response = await patchMe(user, { firstName: '\n Ana \r\n' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.firstName).toBe('Ana');
  });

  it.each([
    ['DEL', '\u007f', 'Remove the invisible control character U+007F.'],
    ['a C1 control', 'x\u0085y', 'Remove the invisible control character U+0085.'],
    ['an escape sequence', '\u001b[31mred', 'Remove the invisible control character U+001B.'],
    [
      'half of a surrogate pair',
      'x\ud83d',
      'Remove the broken character U+D83D (half of a surrogate pair).',
    ],
    [
      'a low surrogate alone',
      '\ude00x',
      'Remove the broken character U+DE00 (half of a surrogate pair).',
    ],
  ])('refuses %s in multi-line text too', async (_name, text, message) => {
    const user = await signUp(app);
    const response = await patchMe(user, { description: `Before ${text} after` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationProblem('/api/v1/me', { description: message }));
  });

  it('keeps a whole emoji, made of a surrogate pair, and other visible text', async () => {
    const user = await signUp(app);
    const description = 'Bolos 🎂 e café ☕ — ‏עברית‎ 日本語';
    const response = await patchMe(user, { description });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.description).toBe(description);
  });

  it('refuses U+0000 in a query string with the parameter named', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/users?q=bolo%00s' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      validationProblem('/api/v1/users?q=bolo%00s', { q: nulMessage }),
    );
  });
});
