import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  legacyAccountUpdateAnswerSchema,
  legacyChatAnswerSchema,
  legacyChatsAnswerSchema,
  legacyDeletedAnswerSchema,
  legacyFolderAnswerSchema,
  legacyMessageAnswerSchema,
  legacyProblemSchema,
  legacyProfileAnswerSchema,
  legacySessionAnswerSchema,
  legacyUploadAnswerSchema,
  legacyUserAnswerSchema,
  legacyUserSchema,
  legacyUsersAnswerSchema,
} from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { pngParts, postImages } from '../../../test/images.js';
import { bearer } from '../../../test/sessions.js';
import { findLink, startSmtpPeer } from '../../../test/smtp-peer.js';

const smtp = await startSmtpPeer();
const { app, config } = await buildTestApp({ SMTP_URL: smtp.url });

/** Images posted to the original client's upload call. */
async function uploadImages(count: number, headers: Record<string, string> = {}) {
  return postImages(app, await pngParts(count), headers, '/api/upload');
}

/** A problem answer in the legacy form: RFC 9457 plus `error`, the field the old client shows. */
function expectProblem(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  const problem = legacyProblemSchema.parse(response.json());
  expect(problem.status).toBe(status);
  expect(problem.error).toBe(problem.detail);
  return problem;
}

const unique = Math.random().toString(36).slice(2, 8);
const buyerEmail = `bea-${unique}@example.test`;
const sellerEmail = `sol-${unique}@example.test`;
const password = 'a long enough passphrase';

/**
 * SPEC §7, row by row, in the order the original client makes the calls. Each step uses what
 * the earlier ones answered, the way the client does.
 */
describe('the original client, call by call', () => {
  const state = {
    buyer: { id: '', token: '' },
    seller: { id: '', token: '' },
    chatId: '',
    avatarUrl: '',
    galleryUrls: [] as string[],
  };

  it('POST /api/upload (signed out): one sign-up image, answered as [{name, imgurl}]', async () => {
    const response = await uploadImages(1);
    expect(response.statusCode).toBe(201);
    const { data } = legacyUploadAnswerSchema.parse(response.json());
    expect(data).toHaveLength(1);
    expect(data[0]!.name).toBe('photo-0.png');
    const url = new URL(data[0]!.imgurl);
    expect(url.origin).toBe(new URL(config.PUBLIC_URL).origin);
    expect(url.pathname).toMatch(/^\/uploads\/avatar\/[0-9a-f]{32}\.webp$/);
    expect(url.searchParams.get('upload')).toMatch(/^[0-9a-f-]{36}$/);
    state.avatarUrl = data[0]!.imgurl;

    const image = await app.inject({ method: 'GET', url: url.pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('POST /api/user: signs a buyer up with the old fields and answers data, token, exists', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        email: buyerEmail,
        password,
        fullname: 'Bea  Maria Buyer',
        role: 'buyer',
        img: state.avatarUrl,
        location: 'Rua Augusta 1, Lisbon',
        description: 'Looking for a caterer',
        latitude: '38.7101',
        longitude: -9.1366,
      },
    });
    expect(response.statusCode).toBe(201);
    const answer = legacySessionAnswerSchema.parse(response.json());
    expect(answer.exists).toBe(true);
    expect(answer.data).toMatchObject({
      email: buyerEmail,
      fullname: 'Bea Maria Buyer',
      firstName: 'Bea',
      lastName: 'Maria Buyer',
      role: 'buyer',
      location: 'Rua Augusta 1, Lisbon',
      lat: 38.7101,
      lng: -9.1366,
      latitude: 38.7101,
      longitude: -9.1366,
      files: [],
    });
    expect(answer.data.img).toMatch(
      /^http:\/\/localhost:3000\/uploads\/avatar\/[0-9a-f]{32}\.webp$/,
    );
    expect(response.body).not.toContain('password');
    state.buyer = { id: answer.data._id, token: answer.token };

    // The token is a real session: the new API accepts it too.
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: bearer(answer.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(answer.data._id);

    // The image was claimed by this sign-up and cannot be claimed again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        email: `other-${unique}@example.test`,
        password,
        fullname: 'Other Person',
        role: 'buyer',
        img: state.avatarUrl,
      },
    });
    expectProblem(again, 400);
  });

  it('POST /api/user: signs a business up with the sector it names', async () => {
    const payload = {
      email: sellerEmail,
      password,
      fullname: 'Sol Catering',
      role: 'seller',
      location: 'Praça do Comércio, Lisbon',
      description: 'Catering for events',
      latitude: 38.7075,
      longitude: -9.1364,
    };
    const response = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { ...payload, category: 'hospitality' },
    });
    expect(response.statusCode).toBe(201);
    const answer = legacySessionAnswerSchema.parse(response.json());
    expect(answer.data).toMatchObject({ role: 'seller', img: null, category: 'hospitality' });
    state.seller = { id: answer.data._id, token: answer.token };

    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { ...payload, category: 'hospitality' },
    });
    expectProblem(duplicate, 409);
  });

  it('POST /api/user: applies the sign-up rules of /api/v1 and names the old fields', async () => {
    const base = {
      email: `x-${unique}@example.test`,
      password,
      fullname: 'Ann Lee',
      role: 'buyer',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, password: '12345' }, 'password'],
      [{ ...base, password: 'password1' }, 'password'],
      [{ ...base, email: 'not-an-email' }, 'email'],
      [{ ...base, fullname: 'Ann' }, 'fullname'],
      [{ ...base, latitude: 38.7 }, 'longitude'],
      [{ ...base, latitude: 123, longitude: 9 }, 'latitude'],
      [{ ...base, location: 'Lisbon' }, 'latitude'],
      [{ ...base, img: 'https://elsewhere.example/me.png' }, 'img'],
      [{ ...base, img: 'http://localhost:3000/uploads/x.webp?upload=nope' }, 'img'],
    ];
    for (const [payload, field] of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/user', payload });
      expect(expectProblem(response, 400).errors, JSON.stringify(payload)).toHaveProperty(field);
    }
    const badRole = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { ...base, role: 'admin' },
    });
    expectProblem(badRole, 400);
  });

  it('POST /api/user/login: data, token and exists; a wrong password is 401 Wrong Credentials', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: buyerEmail.toUpperCase(), password },
    });
    expect(response.statusCode).toBe(200);
    const answer = legacySessionAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ exists: true, data: { _id: state.buyer.id, files: [] } });
    expect(answer.token).not.toBe(state.buyer.token);
    state.buyer.token = answer.token;

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: buyerEmail, password: 'not the password' },
    });
    const problem = expectProblem(wrong, 401);
    expect(problem).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'Wrong Credentials' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: `nobody-${unique}@example.test`, password },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('PUT /api/user/password/forgetpassword: mails a reset link, the same answer for any email', async () => {
    const known = await app.inject({
      method: 'PUT',
      url: '/api/user/password/forgetpassword',
      payload: { email: buyerEmail },
    });
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/user/password/forgetpassword',
      payload: { email: `nobody-${unique}@example.test` },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(legacyMessageAnswerSchema.parse(known.json())).toEqual(unknown.json());

    const mail = await smtp.next('Reset your Maya Market password');
    expect(mail.to).toEqual([buyerEmail]);
    expect(new URL(findLink(mail.raw)).pathname).toBe('/reset-password');
    expect(mail.raw).not.toContain(password);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.some((item) => item.to.includes(`nobody-${unique}@example.test`))).toBe(
      false,
    );

    const invalid = await app.inject({
      method: 'PUT',
      url: '/api/user/password/forgetpassword',
      payload: { email: 'nope' },
    });
    expectProblem(invalid, 400);
  });

  it('GET /api/user/all: public fields of the users the caller may see', async () => {
    const asBuyer = await app.inject({
      method: 'GET',
      url: '/api/user/all',
      headers: bearer(state.buyer.token),
    });
    expect(asBuyer.statusCode).toBe(200);
    const forBuyer = legacyUsersAnswerSchema.parse(asBuyer.json()).data;
    expect(forBuyer.map((user) => user._id)).toContain(state.seller.id);
    expect(forBuyer.every((user) => user.role === 'seller')).toBe(true);
    const seller = forBuyer.find((user) => user._id === state.seller.id)!;
    expect(seller).toMatchObject({ email: sellerEmail, fullname: 'Sol Catering', lat: 38.7075 });
    expect(seller).not.toHaveProperty('files');
    expect(asBuyer.body).not.toMatch(/password|passwordHash|plan/i);

    const asSeller = await app.inject({
      method: 'GET',
      url: '/api/user/all',
      headers: bearer(state.seller.token),
    });
    const forSeller = legacyUsersAnswerSchema.parse(asSeller.json()).data;
    const buyer = forSeller.find((user) => user._id === state.buyer.id)!;
    // A buyer's email is never public, and its point is rounded to about a kilometre.
    expect(buyer).toMatchObject({ role: 'buyer', email: null, lat: 38.71, lng: -9.14 });
    expect(asSeller.body).not.toContain(buyerEmail);

    const anonymous = await app.inject({ method: 'GET', url: '/api/user/all' });
    const forVisitor = legacyUsersAnswerSchema.parse(anonymous.json()).data;
    expect(forVisitor.some((user) => user.role === 'buyer')).toBe(false);
  });

  it('PUT /api/user/{userId} without a body: my own record with img and files', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/user/${state.buyer.id}`,
      headers: bearer(state.buyer.token),
    });
    expect(response.statusCode).toBe(200);
    const { data } = legacyUserAnswerSchema.parse(response.json());
    expect(data).toMatchObject({ _id: state.buyer.id, email: buyerEmail, files: [] });
    expect(data.img).toMatch(/^http:\/\/localhost:3000\/uploads\/avatar\//);
  });

  it('GET /user?email=: my own record by my email', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/user?email=${encodeURIComponent(buyerEmail.toUpperCase())}`,
      headers: bearer(state.buyer.token),
    });
    expect(response.statusCode).toBe(200);
    const user = legacyUserSchema.parse(response.json());
    expect(user).toMatchObject({
      _id: state.buyer.id,
      email: buyerEmail,
      firstName: 'Bea',
      lastName: 'Maria Buyer',
      lat: 38.7101,
      lng: -9.1366,
    });
  });

  it('POST /chats: opens the one chat of a buyer and a seller and saves the first message', async () => {
    const payload = {
      UserId: state.buyer.id,
      SellerId: state.seller.id,
      sellerName: 'ignored',
      buyerName: 'ignored',
      projectId: 'project-1',
      chat: [{ content: 'Hello, do you cater for 40 people?', isUser: true }],
    };
    const response = await app.inject({
      method: 'POST',
      url: '/chats',
      headers: bearer(state.buyer.token),
      payload,
    });
    expect(response.statusCode).toBe(201);
    const { data } = legacyChatAnswerSchema.parse(response.json());
    expect(data).toMatchObject({
      UserId: state.buyer.id,
      SellerId: state.seller.id,
      sellerName: 'Sol Catering',
      buyerName: 'Bea Maria Buyer',
      projectId: 'project-1',
      chat: [{ content: 'Hello, do you cater for 40 people?', isUser: true }],
    });
    state.chatId = data._id;

    // The same pair again: the same chat, and the message is not stored twice.
    const again = await app.inject({
      method: 'POST',
      url: '/chats',
      headers: bearer(state.buyer.token),
      payload,
    });
    expect(again.statusCode).toBe(200);
    const second = legacyChatAnswerSchema.parse(again.json()).data;
    expect(second._id).toBe(state.chatId);
    expect(second.chat).toHaveLength(1);

    // The side menu's "Chat" (UserId and projectId only) has nobody to chat with.
    const nobody = await app.inject({
      method: 'POST',
      url: '/chats',
      headers: bearer(state.buyer.token),
      payload: { UserId: state.buyer.id, projectId: 'project-1' },
    });
    expect(expectProblem(nobody, 400).errors).toHaveProperty('SellerId');
  });

  it('PUT /chats/{chatId} with chat: saves the whole conversation, appending only what is new', async () => {
    const seen = [{ content: 'Hello, do you cater for 40 people?', isUser: true }];
    const reply = await app.inject({
      method: 'PUT',
      url: `/chats/${state.chatId}`,
      headers: bearer(state.seller.token),
      payload: {
        chat: [...seen, { content: 'Yes, we do. Which date?', isUser: false }],
        SellerId: state.seller.id,
        sellerName: 'Sol Catering',
        buyerName: 'Bea Maria Buyer',
      },
    });
    expect(reply.statusCode).toBe(200);
    const afterReply = legacyChatAnswerSchema.parse(reply.json()).data;
    expect(afterReply.chat.map((message) => [message.content, message.isUser])).toEqual([
      ['Hello, do you cater for 40 people?', true],
      ['Yes, we do. Which date?', false],
    ]);

    const conversation = [
      ...afterReply.chat.map(({ content, isUser }) => ({ content, isUser })),
      { content: 'The 12th of June.', isUser: true },
      { content: 'The 12th of June.', isUser: true },
    ];
    const save = () =>
      app.inject({
        method: 'PUT',
        url: `/chats/${state.chatId}`,
        headers: bearer(state.buyer.token),
        payload: { chat: conversation, SellerId: state.seller.id },
      });
    const [first, retried] = await Promise.all([save(), save()]);
    expect(first.statusCode).toBe(200);
    expect(retried.statusCode).toBe(200);
    const saved = legacyChatAnswerSchema.parse((await save()).json()).data;
    // Sent twice on purpose, saved twice; the retries added nothing.
    expect(saved.chat.map((message) => message.content)).toEqual([
      'Hello, do you cater for 40 people?',
      'Yes, we do. Which date?',
      'The 12th of June.',
      'The 12th of June.',
    ]);

    const wrongSeller = await app.inject({
      method: 'PUT',
      url: `/chats/${state.chatId}`,
      headers: bearer(state.buyer.token),
      payload: { chat: conversation, SellerId: state.buyer.id },
    });
    expect(expectProblem(wrongSeller, 400).errors).toHaveProperty('SellerId');

    const empty = await app.inject({
      method: 'PUT',
      url: `/chats/${state.chatId}`,
      headers: bearer(state.buyer.token),
      payload: { chat: [...conversation, { content: '   ', isUser: true }] },
    });
    expect(expectProblem(empty, 400).detail).toBe('Some fields are missing or invalid.');
  });

  it('PUT /chats/{chatId} without a body: loads the conversation', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/chats/${state.chatId}`,
      headers: bearer(state.seller.token),
    });
    expect(response.statusCode).toBe(200);
    const { data } = legacyChatAnswerSchema.parse(response.json());
    expect(data.chat).toHaveLength(4);
    expect(data.chat.map((message) => message.isUser)).toEqual([true, false, true, true]);
  });

  it('PUT and GET /mainfolder/{projectId}: a folder of my chats', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/mainfolder/project-1',
      headers: bearer(state.buyer.token),
    });
    expectProblem(missing, 404);

    const put = await app.inject({
      method: 'PUT',
      url: '/mainfolder/project-1',
      headers: bearer(state.buyer.token),
      payload: { _id: 'project-1', name: 'Wedding', chats: [state.chatId, state.chatId] },
    });
    expect(put.statusCode).toBe(200);
    expect(legacyFolderAnswerSchema.parse(put.json()).data).toEqual({
      _id: 'project-1',
      chats: [state.chatId],
    });
    const get = await app.inject({
      method: 'GET',
      url: '/mainfolder/project-1',
      headers: bearer(state.buyer.token),
    });
    expect(legacyFolderAnswerSchema.parse(get.json()).data.chats).toEqual([state.chatId]);

    const unknownChat = await app.inject({
      method: 'PUT',
      url: '/mainfolder/project-1',
      headers: bearer(state.buyer.token),
      payload: { chats: [state.chatId, '01900000-0000-7000-8000-000000000000'] },
    });
    expectProblem(unknownChat, 404);
    const badName = await app.inject({
      method: 'PUT',
      url: '/mainfolder/..%2Fetc',
      headers: bearer(state.buyer.token),
      payload: { chats: [] },
    });
    expectProblem(badName, 400);
  });

  it('GET /chats and DELETE /chats/{chatId}: my chats, and deleting one from my list', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/chats',
      headers: bearer(state.buyer.token),
    });
    expect(list.statusCode).toBe(200);
    const { data } = legacyChatsAnswerSchema.parse(list.json());
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      _id: state.chatId,
      UserId: state.buyer.id,
      SellerId: state.seller.id,
      sellerName: 'Sol Catering',
      buyerName: 'Bea Maria Buyer',
      chat: [{ content: 'The 12th of June.', isUser: true }],
    });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/chats/${state.chatId}`,
      headers: bearer(state.buyer.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(legacyDeletedAnswerSchema.parse(removed.json())).toEqual({
      data: { _id: state.chatId },
      message: 'Chat deleted successfully.',
    });
    const after = await app.inject({
      method: 'GET',
      url: '/chats',
      headers: bearer(state.buyer.token),
    });
    expect(legacyChatsAnswerSchema.parse(after.json()).data).toEqual([]);
    // The seller keeps it.
    const sellers = await app.inject({
      method: 'GET',
      url: '/chats',
      headers: bearer(state.seller.token),
    });
    expect(legacyChatsAnswerSchema.parse(sellers.json()).data.map((chat) => chat._id)).toEqual([
      state.chatId,
    ]);

    // Writing again starts a fresh visible history for the buyer, even with old words.
    const fresh = await app.inject({
      method: 'PUT',
      url: `/chats/${state.chatId}`,
      headers: bearer(state.buyer.token),
      payload: { chat: [{ content: 'The 12th of June.', isUser: true }] },
    });
    expect(legacyChatAnswerSchema.parse(fresh.json()).data.chat).toMatchObject([
      { content: 'The 12th of June.', isUser: true },
    ]);
  });

  it('POST /api/upload and PUT /api/user/{id} with files: saves the gallery', async () => {
    const upload = await uploadImages(2, bearer(state.seller.token));
    expect(upload.statusCode).toBe(201);
    const urls = legacyUploadAnswerSchema.parse(upload.json()).data.map((item) => item.imgurl);
    expect(urls.every((url) => /\/uploads\/gallery\/[0-9a-f]{32}\.webp$/.test(url))).toBe(true);

    const save = await app.inject({
      method: 'PUT',
      url: `/api/user/${state.seller.id}`,
      headers: bearer(state.seller.token),
      payload: { files: [urls[1], new URL(urls[0]!).pathname] },
    });
    expect(save.statusCode).toBe(200);
    const { data } = legacyUserAnswerSchema.parse(save.json());
    expect(data.files).toEqual([urls[1], urls[0]]);
    state.galleryUrls = data.files!;

    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/user/${state.seller.id}`,
      headers: bearer(state.seller.token),
      payload: { files: ['https://elsewhere.example/cat.png'] },
    });
    expect(expectProblem(foreign, 404).errors).toHaveProperty('files');
    const twice = await app.inject({
      method: 'PUT',
      url: `/api/user/${state.seller.id}`,
      headers: bearer(state.seller.token),
      payload: { files: [urls[0], urls[0]] },
    });
    expect(expectProblem(twice, 400).errors).toHaveProperty('files');
  });

  it('PUT /user/accountuserInfo/{id}: names, location, email and password', async () => {
    const update = (payload: Record<string, unknown>, token = state.buyer.token) =>
      app.inject({
        method: 'PUT',
        url: `/user/accountuserInfo/${state.buyer.id}`,
        headers: bearer(token),
        payload,
      });

    const names = await update({ firstName: 'Beatriz', lastName: 'Buyer' });
    expect(names.statusCode).toBe(200);
    expect(legacyAccountUpdateAnswerSchema.parse(names.json())).toMatchObject({
      message: 'User Updated',
      data: { fullname: 'Beatriz Buyer' },
    });
    expectProblem(await update({ firstName: '  ', lastName: 'Buyer' }), 400);

    const location = await update({ latitude: '41.1579', longitude: '-8.6291' });
    expect(legacyAccountUpdateAnswerSchema.parse(location.json()).data).toMatchObject({
      lat: 41.1579,
      lng: -8.6291,
      location: 'Rua Augusta 1, Lisbon',
    });
    expect(expectProblem(await update({ latitude: 41 }), 400).errors).toHaveProperty('longitude');
    expectProblem(await update({ latitude: 'north', longitude: 1 }), 400);
    expectProblem(await update({ latitude: 91, longitude: 1 }), 400);

    const newEmail = `beatriz-${unique}@example.test`;
    const noPassword = await update({ email: newEmail });
    expect(expectProblem(noPassword, 400).errors).toHaveProperty('currentPassword');
    const mismatch = await update({
      email: newEmail,
      confirmEmail: 'x@example.test',
      currentPassword: password,
    });
    expect(expectProblem(mismatch, 400).errors).toHaveProperty('confirmEmail');
    const wrongPassword = await update({ email: newEmail, currentPassword: 'wrong password!' });
    expectProblem(wrongPassword, 400);
    const email = await update({
      email: newEmail,
      confirmEmail: newEmail,
      currentPassword: password,
    });
    // Pending until the link mailed to the new address is followed (docs/deviations.md).
    expect(legacyAccountUpdateAnswerSchema.parse(email.json())).toMatchObject({
      message: `Email change pending: follow the link sent to ${newEmail}`,
      data: { email: buyerEmail },
    });
    const changeMail = await smtp.next('Confirm the new email address');
    expect(changeMail.to).toEqual([newEmail]);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-confirmation/confirm',
      payload: {
        token: new URL(findLink(changeMail.raw, '/confirm-email')).searchParams.get('token'),
      },
    });
    expect(confirmed.statusCode).toBe(200);
    expectProblem(await update({ email: sellerEmail, currentPassword: password }), 409);

    const tooShort = await update({ password: 'short', currentPassword: password });
    expect(expectProblem(tooShort, 400).errors).toHaveProperty('password');
    const common = await update({ password: 'password123', currentPassword: password });
    expectProblem(common, 400);
    const newPassword = 'an even longer passphrase';
    const changed = await update({
      password: newPassword,
      confirmPassword: newPassword,
      currentPassword: password,
    });
    expect(legacyAccountUpdateAnswerSchema.parse(changed.json()).message).toBe('Password Updated');
    // The session that changed it stays signed in; the new password signs in.
    expect((await update({ firstName: 'Bea', lastName: 'Buyer' })).statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: newEmail, password: newPassword },
    });
    expect(login.statusCode).toBe(200);

    expectProblem(await update({}), 400);
  });

  it('POST /api/user/profile: the assistant’s card of a seller, or success false', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: bearer(state.buyer.token),
      payload: {
        id: state.seller.id,
        image: 'https://elsewhere.example/evil.png',
        schema: 'users',
        s3Link: 'https://bucket.example/x',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(legacyProfileAnswerSchema.parse(response.json())).toEqual({
      success: true,
      profile: {
        name: 'Sol Catering',
        id: state.seller.id,
        profileLink: `http://localhost:3000/sellers/${state.seller.id}`,
        profileImage: null,
      },
    });

    for (const id of [state.buyer.id, '01900000-0000-7000-8000-000000000000']) {
      const notSeller = await app.inject({
        method: 'POST',
        url: '/api/user/profile',
        payload: { id },
      });
      expect(notSeller.statusCode).toBe(200);
      expect(legacyProfileAnswerSchema.parse(notSeller.json())).toEqual({
        success: false,
        message: 'Failed to create user profile.',
      });
    }
    expectProblem(
      await app.inject({ method: 'POST', url: '/api/user/profile', payload: { id: 'x' } }),
      400,
    );
  });
});

describe('bad input to the old calls', () => {
  it('is always a 4xx problem with the old `error` field, never a 500', async () => {
    const signed = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        email: `bad-${unique}@example.test`,
        password,
        fullname: 'Bad Input',
        role: 'buyer',
      },
    });
    const { token, data } = legacySessionAnswerSchema.parse(signed.json());
    const headers = { ...bearer(token) };
    const json = { ...headers, 'content-type': 'application/json' };
    const requests: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      payload?: string;
      headers?: Record<string, string>;
    }[] = [
      { method: 'POST', url: '/api/user/login', payload: '{"email":', headers: json },
      { method: 'POST', url: '/api/user/login', payload: '[]', headers: json },
      { method: 'POST', url: '/api/user', payload: '{"email":1}', headers: json },
      { method: 'PUT', url: '/api/user/password/forgetpassword', payload: '{}', headers: json },
      { method: 'PUT', url: '/api/user/not-an-id', headers },
      { method: 'PUT', url: `/api/user/${data._id}`, payload: '{"files":"x"}', headers: json },
      { method: 'PUT', url: `/api/user/${data._id}`, payload: '{"files":[1]}', headers: json },
      { method: 'POST', url: '/api/user/profile', payload: '{}', headers: json },
      {
        method: 'POST',
        url: '/api/upload',
        payload: 'x',
        headers: { ...headers, 'content-type': 'text/plain' },
      },
      {
        method: 'POST',
        url: '/api/upload',
        payload: '--x--',
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      },
      { method: 'GET', url: '/user', headers },
      { method: 'GET', url: `/user?email=${'a'.repeat(300)}`, headers },
      {
        method: 'PUT',
        url: `/user/accountuserInfo/${data._id}`,
        payload: '{"latitude":[1]}',
        headers: json,
      },
      { method: 'PUT', url: '/user/accountuserInfo/123', payload: '{}', headers: json },
      { method: 'POST', url: '/chats', payload: '{"UserId":"x"}', headers: json },
      { method: 'POST', url: '/chats', payload: '{"chat":"hello"}', headers: json },
      { method: 'PUT', url: '/chats/not-an-id', headers },
      {
        method: 'PUT',
        url: `/chats/${data._id}`,
        payload: '{"chat":[{"content":1}]}',
        headers: json,
      },
      {
        method: 'PUT',
        url: `/chats/${data._id}`,
        payload: JSON.stringify({ chat: [{ content: 'x'.repeat(2001), isUser: true }] }),
        headers: json,
      },
      { method: 'DELETE', url: '/chats/not-an-id', headers },
      { method: 'DELETE', url: `/chats/${data._id}`, headers },
      { method: 'GET', url: `/mainfolder/${'x'.repeat(65)}`, headers },
      { method: 'PUT', url: '/mainfolder/p', payload: '{"chats":["x"]}', headers: json },
      {
        method: 'PUT',
        url: '/mainfolder/p',
        payload: JSON.stringify({ chats: Array(201).fill(data._id) }),
        headers: json,
      },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      const label = `${request.method} ${request.url} ${request.payload ?? ''}`.slice(0, 120);
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.headers['content-type'], label).toMatch(/^application\/problem\+json/);
      const problem = legacyProblemSchema.parse(response.json());
      expect(problem.error, label).toBe(problem.detail);
    }
  });
});

describe('the API description', () => {
  it('lists every old call under the legacy tag, deprecated', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const calls = [
      ['post', '/api/user/login'],
      ['post', '/api/user'],
      ['put', '/api/user/password/forgetpassword'],
      ['put', '/api/user/{id}'],
      ['get', '/api/user/all'],
      ['post', '/api/user/profile'],
      ['post', '/api/upload'],
      ['get', '/user'],
      ['put', '/user/accountuserInfo/{id}'],
      ['get', '/chats'],
      ['post', '/chats'],
      ['put', '/chats/{chatId}'],
      ['delete', '/chats/{chatId}'],
      ['get', '/mainfolder/{projectId}'],
      ['put', '/mainfolder/{projectId}'],
    ] as const;
    for (const [method, path] of calls) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['legacy']);
      expect(operation.deprecated).toBe(true);
    }
  });
});

describe('beside the web app', async () => {
  const dist = await mkdtemp(join(tmpdir(), 'maya-legacy-web-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Maya Market</title>');
  const web = await buildTestApp({ WEB_DIST_DIR: dist });

  it('answers the old paths itself and keeps the app shell for the web routes', async () => {
    const chats = await web.app.inject({ method: 'GET', url: '/chats' });
    expect(chats.statusCode).toBe(401);
    expect(chats.headers['content-type']).toMatch(/^application\/problem\+json/);
    const unknown = await web.app.inject({ method: 'GET', url: '/chats/whatever' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    const folder = await web.app.inject({ method: 'GET', url: '/mainfolder/p' });
    expect(folder.statusCode).toBe(401);

    const inbox = await web.app.inject({ method: 'GET', url: '/inbox' });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('<title>Maya Market</title>');
    const users = await web.app.inject({ method: 'GET', url: '/users' });
    expect(users.body).toContain('<title>Maya Market</title>');
  });
});
