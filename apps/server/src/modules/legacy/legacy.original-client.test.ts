import { describe, expect, it } from 'vitest';
import {
  legacyAccountUpdateAnswerSchema,
  legacyChatAnswerSchema,
  legacyChatsAnswerSchema,
  legacyFolderAnswerSchema,
  legacySessionAnswerSchema,
  legacyUploadAnswerSchema,
  legacyUserAnswerSchema,
  legacyUserSchema,
  legacyUsersAnswerSchema,
  meResponseSchema,
  usersPageSchema,
} from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { pngParts, postImages } from '../../../test/images.js';
import { bearer, signUp } from '../../../test/sessions.js';

// The original client as it is (SPEC §7): its business sign-up has no sector field, so a business
// it creates has none until it picks one, and is listed under Other (category null) meanwhile.

const { app } = await buildTestApp();

const email = `sol-${Math.random().toString(36).slice(2, 8)}@example.test`;
const password = 'a long enough passphrase';

/** The original client's sign-up of a business, field for field: no sector, an empty `img`. */
const originalSignup = {
  email,
  password,
  fullname: 'Sol Catering',
  role: 'seller',
  img: '',
  location: 'Praça do Comércio, Lisbon',
  description: 'Catering for events',
  longitude: '-9.1364',
  latitude: '38.7075',
};

describe("the original client's own business sign-up", () => {
  it('creates a business without a sector, which signs in and works through the old calls', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/user', payload: originalSignup });
    expect(created.statusCode, created.body).toBe(201);
    const signedUp = legacySessionAnswerSchema.parse(created.json());
    expect(signedUp).toMatchObject({
      exists: true,
      data: {
        email,
        fullname: 'Sol Catering',
        role: 'seller',
        category: null,
        img: null,
        location: 'Praça do Comércio, Lisbon',
        lat: 38.7075,
        lng: -9.1364,
      },
    });
    const id = signedUp.data._id;

    // Signing in again, as the client does on its next visit.
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    const session = legacySessionAnswerSchema.parse(login.json());
    expect(session.data).toMatchObject({ _id: id, category: null });
    const headers = bearer(session.token);

    // Its own record, by id and by email.
    const own = await app.inject({ method: 'PUT', url: `/api/user/${id}`, headers });
    expect(legacyUserAnswerSchema.parse(own.json()).data).toMatchObject({ _id: id, files: [] });
    const byEmail = await app.inject({
      method: 'GET',
      url: `/user?email=${encodeURIComponent(email)}`,
      headers,
    });
    expect(legacyUserSchema.parse(byEmail.json())._id).toBe(id);

    // The account page: a name, then a location.
    const renamed = await app.inject({
      method: 'PUT',
      url: `/user/accountuserInfo/${id}`,
      headers,
      payload: { firstName: 'Sol', lastName: 'Catering Lda' },
    });
    expect(legacyAccountUpdateAnswerSchema.parse(renamed.json()).message).toBe('User Updated');
    const moved = await app.inject({
      method: 'PUT',
      url: `/user/accountuserInfo/${id}`,
      headers,
      payload: { latitude: '38.71', longitude: '-9.14' },
    });
    expect(legacyAccountUpdateAnswerSchema.parse(moved.json())).toMatchObject({
      message: 'Location Updated',
      data: { lat: 38.71, lng: -9.14 },
    });

    // The gallery: upload, then save.
    const uploaded = await postImages(app, await pngParts(2), headers, '/api/upload');
    expect(uploaded.statusCode).toBe(201);
    const urls = legacyUploadAnswerSchema.parse(uploaded.json()).data.map((item) => item.imgurl);
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/user/${id}`,
      headers,
      payload: { files: urls },
    });
    expect(legacyUserAnswerSchema.parse(saved.json()).data.files).toEqual(urls);

    // Listed for everyone, without a sector (Other), and found by the directory's search.
    const listed = await app.inject({ method: 'GET', url: '/api/user/all' });
    expect(
      legacyUsersAnswerSchema.parse(listed.json()).data.find((user) => user._id === id),
    ).toMatchObject({ fullname: 'Sol Catering Lda', category: null });
    const found = await app.inject({ method: 'GET', url: '/api/v1/users?q=catering' });
    expect(usersPageSchema.parse(found.json()).items.map((item) => item.id)).toContain(id);
    const inASector = await app.inject({
      method: 'GET',
      url: '/api/v1/users?q=catering&category=hospitality',
    });
    expect(usersPageSchema.parse(inASector.json()).items.map((item) => item.id)).not.toContain(id);

    // A client writes; the business reads the chat and answers through the old calls.
    const client = await signUp(app, { role: 'buyer', category: null });
    const opened = await app.inject({
      method: 'POST',
      url: '/chats',
      headers: client.headers,
      payload: {
        UserId: client.id,
        SellerId: id,
        chat: [{ content: 'Can you cater for 40 people?', isUser: true }],
      },
    });
    expect(opened.statusCode).toBe(201);
    const chatId = legacyChatAnswerSchema.parse(opened.json()).data._id;
    const chats = await app.inject({ method: 'GET', url: '/chats', headers });
    expect(legacyChatsAnswerSchema.parse(chats.json()).data.map((chat) => chat._id)).toEqual([
      chatId,
    ]);
    const answered = await app.inject({
      method: 'PUT',
      url: `/chats/${chatId}`,
      headers,
      payload: {
        SellerId: id,
        chat: [
          { content: 'Can you cater for 40 people?', isUser: true },
          { content: 'Yes, gladly.', isUser: false },
        ],
      },
    });
    expect(answered.statusCode).toBe(200);
    expect(
      legacyChatAnswerSchema.parse(answered.json()).data.chat.map((message) => message.content),
    ).toEqual(['Can you cater for 40 people?', 'Yes, gladly.']);
    const filed = await app.inject({
      method: 'PUT',
      url: '/mainfolder/events',
      headers,
      payload: { chats: [chatId] },
    });
    expect(legacyFolderAnswerSchema.parse(filed.json()).data.chats).toEqual([chatId]);

    // Its first visit to the new app picks the sector, and it leaves Other.
    const picked = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers,
      payload: { category: 'hospitality' },
    });
    expect(meResponseSchema.parse(picked.json()).user.category).toBe('hospitality');
    const inItsSector = await app.inject({
      method: 'GET',
      url: '/api/v1/users?q=catering&category=hospitality',
    });
    expect(usersPageSchema.parse(inItsSector.json()).items.map((item) => item.id)).toContain(id);
  });
});
