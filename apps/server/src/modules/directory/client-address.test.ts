import { describe, expect, it } from 'vitest';
import {
  chatsPageSchema,
  legacyChatsAnswerSchema,
  legacyUserAnswerSchema,
  legacyUserSchema,
  legacyUsersAnswerSchema,
  meResponseSchema,
  publicProfileSchema,
  usersPageSchema,
} from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { newChat, send } from '../../../test/chats.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';

const { app } = await buildTestApp();

const typed = 'Rua Augusta 1, 1100-048 Lisboa';
const home = { lat: 38.7101234, lng: -9.1365678 };
/** What the address says that its town does not: the street, the number, the postcode. */
const street = /augusta|\brua\b|1100-048/i;
const town = 'Lisbon, Portugal';

const client = await signUp(app, {
  role: 'buyer',
  category: null,
  firstName: 'Inês',
  lastName: 'Baixa',
  description: 'Looking for a plumber',
  location: { address: typed, ...home },
});
const business = await signUp(app, { role: 'seller' });
const otherClient = await signUp(app, { role: 'buyer', category: null });

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** A problem answer without what names the request itself. */
function problemOf(body: string) {
  const { instance: _instance, ...problem } = JSON.parse(body) as Record<string, unknown>;
  return problem;
}

describe("a client's address as a business sees it", () => {
  it('is the town in the directory card, with the rounded point, never the street or postcode', async () => {
    const response = await get('/api/v1/users?role=buyer&limit=100', business.headers);
    expect(response.statusCode, response.body).toBe(200);
    const card = usersPageSchema.parse(response.json()).items.find(({ id }) => id === client.id);
    expect(card?.location).toEqual({ address: town, lat: 38.71, lng: -9.14 });
    expect(response.body).not.toMatch(street);
  });

  it('is the town in the profile read', async () => {
    const response = await get(`/api/v1/users/${client.id}`, business.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(publicProfileSchema.parse(response.json())).toMatchObject({
      id: client.id,
      role: 'buyer',
      fullName: 'Inês Baixa',
      email: null,
      location: { address: town, lat: 38.71, lng: -9.14 },
    });
    expect(response.body).not.toMatch(street);
  });

  it("is the town in the old client's directory, which keeps its fields", async () => {
    const response = await get('/api/user/all', business.headers);
    expect(response.statusCode, response.body).toBe(200);
    const listed = legacyUsersAnswerSchema
      .parse(response.json())
      .data.find((user) => user._id === client.id);
    expect(listed).toMatchObject({
      location: town,
      lat: 38.71,
      lng: -9.14,
      latitude: 38.71,
      longitude: -9.14,
      email: null,
    });
    expect(Object.keys(listed!).sort()).toEqual(
      Object.keys(legacyUserSchema.shape)
        .sort()
        .filter((key) => key !== 'files'),
    );
    expect(response.body).not.toMatch(street);
  });

  it('is nowhere in the chat, whose partner info names the client, and the shared chat keeps the profile readable', async () => {
    const chatId = await newChat(app, business, client);
    expect((await send(app, client, chatId, 'Hello, can you come on Monday?')).statusCode).toBe(
      201,
    );

    const chats = await get('/api/v1/chats', business.headers);
    expect(chats.statusCode, chats.body).toBe(200);
    const partner = chatsPageSchema
      .parse(chats.json())
      .items.find(({ id }) => id === chatId)?.partner;
    expect(partner).toEqual({
      id: client.id,
      role: 'buyer',
      fullName: 'Inês Baixa',
      thumbnailUrl: null,
      deleted: false,
    });
    expect(chats.body).not.toMatch(street);

    const chat = await get(`/api/v1/chats/${chatId}`, business.headers);
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.body).not.toMatch(street);

    const legacyChats = await get('/chats', business.headers);
    expect(legacyChats.statusCode, legacyChats.body).toBe(200);
    expect(legacyChatsAnswerSchema.parse(legacyChats.json()).data).toContainEqual(
      expect.objectContaining({ _id: chatId, UserId: client.id, buyerName: 'Inês Baixa' }),
    );
    expect(legacyChats.body).not.toMatch(street);

    const profile = await get(`/api/v1/users/${client.id}`, business.headers);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(publicProfileSchema.parse(profile.json()).location?.address).toBe(town);
  });

  it('cannot be found by searching the street, the number or the postcode', async () => {
    for (const q of ['augusta', 'rua augusta', 'augsta', '1100', '1100-048', '048']) {
      const response = await get(
        `/api/v1/users?role=buyer&q=${encodeURIComponent(q)}&limit=100`,
        business.headers,
      );
      expect(response.statusCode, response.body).toBe(200);
      const ids = usersPageSchema.parse(response.json()).items.map(({ id }) => id);
      expect(ids, q).not.toContain(client.id);
    }
  });

  it('is found by what others see: the name, the description and the town', async () => {
    for (const q of ['ines baixa', 'plumber', 'lisbon', 'plumber lisboa']) {
      const response = await get(
        `/api/v1/users?role=buyer&q=${encodeURIComponent(q)}&limit=100`,
        business.headers,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = usersPageSchema.parse(response.json());
      const found = page.items.find(({ id }) => id === client.id);
      expect(found, q).toBeDefined();
      expect(found?.match?.words.join(' ')).not.toMatch(street);
    }
    // A word of the street next to words the client has: the match never names the street.
    const mixed = await get('/api/v1/users?role=buyer&q=plumber%20augusta', business.headers);
    const item = usersPageSchema.parse(mixed.json()).items.find(({ id }) => id === client.id);
    expect(item?.match).toEqual({ complete: false, words: ['plumber'], fields: ['description'] });
  });
});

describe("a client's own address", () => {
  it('is the one they typed, in their own views', async () => {
    const me = await get('/api/v1/me', client.headers);
    expect(me.statusCode, me.body).toBe(200);
    expect(meResponseSchema.parse(me.json()).user.location).toEqual({ address: typed, ...home });

    const legacyOwn = await app.inject({
      method: 'PUT',
      url: `/api/user/${client.id}`,
      headers: client.headers,
    });
    expect(legacyOwn.statusCode, legacyOwn.body).toBe(200);
    expect(legacyUserAnswerSchema.parse(legacyOwn.json()).data).toMatchObject({
      location: typed,
      lat: home.lat,
      lng: home.lng,
    });

    const byEmail = await get(`/user?email=${encodeURIComponent(client.email)}`, client.headers);
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(legacyUserSchema.parse(byEmail.json()).location).toBe(typed);
  });

  it('is their town on their profile as others see it', async () => {
    const response = await get(`/api/v1/users/${client.id}`, client.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(publicProfileSchema.parse(response.json()).location?.address).toBe(town);
  });
});

describe("a client's profile to anyone but businesses", () => {
  const unknown = '01900000-0000-7000-8000-000000000000';

  it.each([
    ['a visitor', () => ({})],
    ['another client', () => otherClient.headers],
  ])(
    'answers %s the same 404 as an unknown id',
    async (_who, headers: () => Record<string, string>) => {
      const shown = await get(`/api/v1/users/${client.id}`, headers());
      const missing = await get(`/api/v1/users/${unknown}`, headers());
      expect(shown.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(problemOf(shown.body)).toEqual(problemOf(missing.body));
      expect(shown.headers['content-type']).toBe(missing.headers['content-type']);
      expect(shown.body).not.toContain('Inês');
    },
  );

  it("answers the old client's profile card for a client as for an unknown id, even to a business", async () => {
    const card = (id: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/api/user/profile', headers, payload: { id } });
    const unknownCard = await card(unknown);
    expect(unknownCard.json()).toEqual({
      success: false,
      message: 'Failed to create user profile.',
    });
    for (const headers of [{}, otherClient.headers, business.headers]) {
      const answer = await card(client.id, headers);
      expect(answer.statusCode).toBe(unknownCard.statusCode);
      expect(answer.body).toBe(unknownCard.body);
    }
  });

  it("lists no client in the old client's directory for a visitor or a client", async () => {
    for (const headers of [{}, otherClient.headers]) {
      const response = await get('/api/user/all', headers);
      expect(response.statusCode, response.body).toBe(200);
      const roles = legacyUsersAnswerSchema.parse(response.json()).data.map((user) => user.role);
      expect(new Set(roles)).toEqual(new Set(['seller']));
      expect(response.body).not.toContain(client.id);
    }
  });

  it('shows the profile to a business that shares no chat with the client', async () => {
    const stranger: SignedUp = await signUp(app, { role: 'seller' });
    const response = await get(`/api/v1/users/${client.id}`, stranger.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(publicProfileSchema.parse(response.json()).location?.address).toBe(town);
  });
});
