import { describe, expect, it } from 'vitest';
import {
  accountExportSchema,
  changeEmailResponseSchema,
  meResponseSchema,
  sessionResponseSchema,
} from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { chatsOf, newChat, readMessages, send } from '../../../test/chats.js';
import { pngParts, postImages } from '../../../test/images.js';
import { bearer, getMe, signIn, signUp } from '../../../test/sessions.js';

const { app } = await buildTestApp();

describe('account updates', () => {
  it('updates the name and location; a buyer cannot take a sector', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: buyer.headers,
      payload: {
        firstName: 'Marta',
        lastName: 'Lopes',
        category: 'beauty',
        location: { address: 'Porto', lat: 41.15, lng: -8.61 },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(meResponseSchema.parse(response.json()).user).toMatchObject({
      fullName: 'Marta Lopes',
      category: null,
      location: { address: 'Porto', lat: 41.15, lng: -8.61 },
    });

    const blank = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: buyer.headers,
      payload: { firstName: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ firstName: 'Required.' });

    const badLat = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: buyer.headers,
      payload: { location: { address: 'Nowhere', lat: 123, lng: 0 } },
    });
    expect(badLat.statusCode).toBe(400);
    expect(badLat.json().errors).toHaveProperty(['location.lat']);
  });

  it('changes the email only with a matching confirmation and the current password', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const newEmail = `renamed-${Date.now()}@example.test`;
    const put = (payload: Record<string, string>) =>
      app.inject({ method: 'PUT', url: '/api/v1/me/email', headers: user.headers, payload });

    const mismatch = await put({
      email: newEmail,
      confirmEmail: 'other@example.test',
      password: user.password,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ confirmEmail: 'The email addresses do not match.' });

    const wrongPassword = await put({
      email: newEmail,
      confirmEmail: newEmail,
      password: 'not it at all',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual({ password: 'Incorrect password' });

    const taken = await put({
      email: other.email,
      confirmEmail: other.email,
      password: user.password,
    });
    expect(taken.statusCode).toBe(409);

    // Accepted, and pending until the link mailed to the new address is followed
    // (email-change.test.ts follows it).
    const ok = await put({ email: newEmail, confirmEmail: newEmail, password: user.password });
    expect(ok.statusCode).toBe(202);
    const pending = changeEmailResponseSchema.parse(ok.json());
    expect(pending.pendingEmail).toBe(newEmail);
    expect(pending.user.email).toBe(user.email);
    expect((await signIn(app, newEmail, user.password)).statusCode).toBe(401);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const user = await signUp(app);
    const second = sessionResponseSchema.parse(
      (await signIn(app, user.email, user.password)).json(),
    ).token;
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: user.headers,
      payload: {
        currentPassword: user.password,
        password: 'the next passphrase',
        confirmPassword: 'the next passphrase',
      },
    });
    expect(response.statusCode).toBe(204);
    expect((await getMe(app, user.headers)).statusCode).toBe(200);
    expect((await getMe(app, bearer(second))).statusCode).toBe(401);

    const mismatch = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: user.headers,
      payload: {
        currentPassword: 'the next passphrase',
        password: 'abcdefghij',
        confirmPassword: 'abcdefghik',
      },
    });
    expect(mismatch.json().errors).toEqual({ confirmPassword: 'The passwords do not match.' });
  });

  it('deletes the account with the password: data removed, sessions ended, profile gone', async () => {
    const user = await signUp(app);
    const wrong = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: user.headers,
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);

    const response = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(204);
    expect((await getMe(app, user.headers)).statusCode).toBe(401);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses every account route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/me'],
      ['PATCH', '/api/v1/me'],
      ['PUT', '/api/v1/me/email'],
      ['PUT', '/api/v1/me/password'],
      ['DELETE', '/api/v1/me'],
      ['POST', '/api/v1/auth/logout'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect([400, 401]).toContain(response.statusCode);
      if (method === 'GET' || url.endsWith('logout')) expect(response.statusCode).toBe(401);
    }
  });
});

describe('my data', () => {
  it('exports the account, uploads, gallery, chats and messages as a download', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    // A client's upload is a photo (a gallery is a business's).
    const photo = await postImages(
      app,
      await pngParts(1),
      buyer.headers,
      '/api/v1/uploads?kind=avatar',
    );
    expect(photo.statusCode).toBe(201);
    const chatId = await newChat(app, buyer, seller);
    expect((await send(app, buyer, chatId, 'Hi there')).statusCode).toBe(201);

    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="maya-market-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = accountExportSchema.parse(response.json());
    expect(data.account).toMatchObject({ id: buyer.id, email: buyer.email });
    expect(data.uploads).toHaveLength(1);
    expect(data.chats).toEqual([
      expect.objectContaining({
        id: chatId,
        messages: [expect.objectContaining({ body: 'Hi there', senderId: buyer.id })],
      }),
    ]);
    expect(response.body).not.toContain('passwordHash');
    // The mail settings, and the browsers that get notifications (none here).
    expect(data.notifications).toEqual({
      messageMail: 'digest',
      messageText: true,
      language: 'en',
    });
    expect(data.devices).toEqual([]);

    expect((await app.inject({ method: 'GET', url: '/api/v1/me/export' })).statusCode).toBe(401);
  });

  it("keeps the partner's history after an account is deleted, with the author shown as deleted", async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const seller = await signUp(app, { role: 'seller' });
    const chatId = await newChat(app, buyer, seller);
    expect((await send(app, buyer, chatId, 'Before I go')).statusCode).toBe(201);
    await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: buyer.headers,
      payload: { password: buyer.password },
    });

    const [chat] = await chatsOf(app, seller);
    expect(chat).toMatchObject({
      id: chatId,
      partner: { id: buyer.id, fullName: 'Deleted user', deleted: true, thumbnailUrl: null },
    });
    const messages = await readMessages(app, seller, chatId);
    expect(messages.items.map((item) => item.body)).toEqual(['Before I go']);
  });
});
