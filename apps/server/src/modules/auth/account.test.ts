import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { signIn, signUp } from '../../../test/sessions.js';
import { findLink, startSmtpPeer } from '../../../test/smtp-peer.js';

const smtp = await startSmtpPeer();
const { app } = await buildTestApp({ SMTP_URL: smtp.url });

async function me(headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/v1/me', headers });
}

describe('password recovery', () => {
  it('answers the same for a registered and an unknown email, and mails only the registered one', async () => {
    const user = await signUp(app);
    const known = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: user.email },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: 'nobody-here@example.test' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());

    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    expect(mail.raw).toContain('Subject: Reset your Maya Market password');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.filter((item) => item.to.includes('nobody-here@example.test'))).toEqual([]);
  });

  it('sets a new password with a single-use link and signs out every session', async () => {
    const user = await signUp(app);
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: user.email },
    });
    const link = new URL(findLink((await smtp.next()).raw));
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;

    const confirm = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(confirm.statusCode).toBe(204);
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(app, user.email, 'a brand new passphrase')).statusCode).toBe(200);

    const reuse = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'yet another passphrase' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'This reset link is invalid or has expired. Ask for a new one.',
    });
  });

  it('refuses a bad token without revealing anything', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token: 'x'.repeat(43), password: 'whatever passphrase' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ token: 'Invalid or expired' });
  });

  it('slows then refuses a flood of reset requests from one address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        remoteAddress: '192.0.2.77',
        payload: { email: `flood${index}@example.test` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

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
    expect(response.json().user).toMatchObject({
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

    const ok = await put({ email: newEmail, confirmEmail: newEmail, password: user.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(newEmail);
    expect((await signIn(app, newEmail, user.password)).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const user = await signUp(app);
    const second = (await signIn(app, user.email, user.password)).json().token as string;
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
    expect((await me(user.headers)).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${second}` })).statusCode).toBe(401);

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
    expect((await me(user.headers)).statusCode).toBe(401);
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

describe('mail without SMTP', async () => {
  const local = await buildTestApp();

  it('writes the reset mail to the outbox with its link', async () => {
    const user = await signUp(local.app);
    await local.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: user.email },
    });
    const outbox = join(local.config.DATA_DIR, 'outbox');
    let files: string[] = [];
    for (let attempt = 0; attempt < 50 && files.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      files = await readdir(outbox).catch(() => []);
    }
    expect(files).toHaveLength(1);
    const raw = await readFile(join(outbox, files[0]!), 'utf8');
    expect(raw).toContain(`To: ${user.email}`);
    expect(findLink(raw)).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
  });
});
