import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { getMe, signIn, signUp } from '../../../test/sessions.js';
import { findLink, startSmtpPeer } from '../../../test/smtp-peer.js';

const smtp = await startSmtpPeer();
const { app } = await buildTestApp({ SMTP_URL: smtp.url });

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

    const mail = await smtp.next('Reset your Maya Market password');
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
    const link = new URL(findLink((await smtp.next('Reset your Maya Market password')).raw));
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;

    const confirm = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(confirm.statusCode).toBe(204);
    expect((await getMe(app, user.headers)).statusCode).toBe(401);
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
    // The sign-up's confirmation mail is there too; the reset is the other one.
    let resets: string[] = [];
    for (let attempt = 0; attempt < 50 && resets.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const files = await readdir(outbox).catch(() => []);
      const mails = await Promise.all(files.map((file) => readFile(join(outbox, file), 'utf8')));
      resets = mails.filter((raw) => raw.includes('Subject: Reset your Maya Market password'));
    }
    expect(resets).toHaveLength(1);
    const raw = resets[0]!;
    expect(raw).toContain(`To: ${user.email}`);
    expect(findLink(raw)).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
  });
});
