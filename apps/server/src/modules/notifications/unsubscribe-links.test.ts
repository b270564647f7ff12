import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailLanguage } from '@maya/contracts';
import { hashPassword } from '../../lib/password.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { newChat, send } from '../../../test/chats.js';
import { bearer, nextAddress, sameOrigin, type SignedUp } from '../../../test/sessions.js';
import { startSmtpPeer, type ReceivedMail } from '../../../test/smtp-peer.js';

const SECRET = 'a mail link secret of at least thirty-two characters';
const PASSWORD = 'a long enough passphrase';
const DAY_MS = 24 * 3_600_000;

const smtp = await startSmtpPeer();
const { app, database } = await buildTestApp({
  SMTP_URL: smtp.url,
  MESSAGE_MAIL_DELAY_SECONDS: '1',
  JOBS_POLL_SECONDS: '0.5',
  MAIL_LINK_SECRET: SECRET,
});
const passwordHash = await hashPassword(PASSWORD);

afterEach(() => {
  vi.useRealTimers();
});

/** An account whose address is confirmed (so it is mailed), signed in through the real route. */
async function person(role: 'buyer' | 'seller', language: MailLanguage = 'en'): Promise<SignedUp> {
  const row = await insertUser(database.db, {
    role,
    passwordHash,
    emailVerifiedAt: new Date(),
    ...(role === 'buyer' && { category: null }),
  });
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: sameOrigin,
    remoteAddress: nextAddress(),
    payload: { email: row.email, password: PASSWORD },
  });
  expect(signedIn.statusCode).toBe(200);
  const { token } = signedIn.json<{ token: string }>();
  const signed = {
    id: row.id,
    email: row.email,
    password: PASSWORD,
    token,
    headers: bearer(token),
  };
  if (language !== 'en') {
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/notifications',
      headers: signed.headers,
      payload: { language },
    });
    expect(saved.statusCode).toBe(200);
  }
  return signed;
}

/** The unsubscribe link (path and query) of the unread-message mail a buyer's message causes. */
async function mailedLink(seller: SignedUp): Promise<string> {
  const buyer = await person('buyer');
  const sent = await send(app, buyer, await newChat(app, buyer, seller), 'Are you open today?');
  expect(sent.statusCode).toBe(201);
  const mails = () => smtp.inbox.filter((mail) => mail.to.includes(seller.email.toLowerCase()));
  await expect.poll(() => mails().length, { timeout: 10_000 }).toBe(1);
  const url = new URL(unsubscribeHeader(mails()[0]!));
  return url.pathname + url.search;
}

function unsubscribeHeader(mail: ReceivedMail): string {
  const match = mail.raw.replaceAll(/\r\n[ \t]+/g, ' ').match(/^List-Unsubscribe: *<([^>]+)>/m);
  if (!match?.[1]) throw new Error('no List-Unsubscribe header');
  return match[1];
}

const oneClick = (path: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'List-Unsubscribe=One-Click',
  });

/** Runs `work` with the server's clock `days` ahead (the database's and the timers' are not). */
async function daysLater<T>(days: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + days * DAY_MS });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

async function mailSetting(user: SignedUp): Promise<string> {
  const settings = await app.inject({
    method: 'GET',
    url: '/api/v1/me/notifications',
    headers: user.headers,
  });
  return settings.json<{ messageMail: string }>().messageMail;
}

const EXPIRED = {
  en: 'This link has expired: the links in our mails work for 90 days, and until the password of the account changes.',
  'pt-PT':
    'Este link expirou: os links dos nossos emails funcionam durante 90 dias e até a palavra-passe da conta mudar.',
  'pt-BR':
    'Este link expirou: os links dos nossos e-mails funcionam por 90 dias e até a senha da conta mudar.',
};

describe('unsubscribe links', () => {
  it("work for 90 days after their mail, then show a page in the mail's language pointing to the account", async () => {
    const seller = await person('seller', 'pt-PT');
    const link = await mailedLink(seller);
    expect(new URLSearchParams(link.split('?')[1]).get('issued')).toMatch(/^\d+$/);

    const day89 = await daysLater(89, () => app.inject({ method: 'GET', url: link }));
    expect(day89.statusCode).toBe(200);
    expect(day89.body).toContain('<form method="post"');

    const [page, fromMailClient, fromBrowser] = await daysLater(91, async () => [
      await app.inject({ method: 'GET', url: link }),
      await oneClick(link),
      await oneClick(link, { accept: 'text/html,application/xhtml+xml', ...sameOrigin }),
    ]);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="pt-PT">');
    expect(page.body).toContain(EXPIRED['pt-PT']);
    expect(page.body).toContain('<a href="/account">A sua conta</a>');
    expect(page.body).not.toContain('<form');
    expect(fromMailClient.statusCode).toBe(404);
    expect(fromMailClient.json()).toMatchObject({
      code: 'NOT_FOUND',
      detail: 'This unsubscribe link has expired. Sign in to choose your mails in your account.',
    });
    expect(fromBrowser.statusCode).toBe(200);
    expect(fromBrowser.body).toContain(EXPIRED['pt-PT']);

    // Nothing was turned off; today the same link still works.
    expect(await mailSetting(seller)).toBe('digest');
    expect((await oneClick(link)).statusCode).toBe(200);
    expect(await mailSetting(seller)).toBe('off');
  });

  it("speak Brazilian Portuguese to a pt-BR account, and a refusal speaks the asker's language", async () => {
    const seller = await person('seller', 'pt-BR');
    const link = await mailedLink(seller);
    const asking = await app.inject({ method: 'GET', url: link });
    expect(asking.body).toContain('<html lang="pt-BR">');
    expect(asking.body).toContain('Cancelar inscrição');
    const [page, refused] = await daysLater(91, async () => [
      await app.inject({ method: 'GET', url: link }),
      await oneClick(link, { 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.5' }),
    ]);
    expect(page.body).toContain(EXPIRED['pt-BR']);
    expect(page.body).toContain('<a href="/account">Sua conta</a>');
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      code: 'NOT_FOUND',
      detail:
        'Este link para cancelar a subscrição expirou. Inicie sessão para escolher os seus emails na sua conta.',
    });
  });

  it('end when the password changes, saying so in English', async () => {
    const seller = await person('seller');
    const link = await mailedLink(seller);
    expect((await app.inject({ method: 'GET', url: link })).body).toContain('<form method="post"');

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: seller.headers,
      payload: {
        currentPassword: PASSWORD,
        password: 'the next passphrase',
        confirmPassword: 'the next passphrase',
      },
    });
    expect(changed.statusCode).toBe(204);

    const page = await app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain(EXPIRED.en);
    expect(page.body).toContain('<a href="/account">Your account</a>');
    expect((await oneClick(link)).statusCode).toBe(404);
    expect(await mailSetting(seller)).toBe('digest');
  });

  it('mailed before links expired (signed over the user id alone) show the page; forged ones stay 404', async () => {
    const seller = await person('seller');
    const old = createHmac('sha256', SECRET).update(`unsubscribe:${seller.id}`).digest('base64url');
    const page = await app.inject({
      method: 'GET',
      url: `/api/v1/notifications/unsubscribe?user=${seller.id}&token=${old}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(EXPIRED.en);

    const link = new URLSearchParams((await mailedLink(seller)).split('?')[1]);
    const forged = (changes: Record<string, string>) => {
      const query = new URLSearchParams({ ...Object.fromEntries(link), ...changes });
      return app.inject({
        method: 'GET',
        url: `/api/v1/notifications/unsubscribe?${query.toString()}`,
      });
    };
    // A later time or another version, under the token of the real link: not signed by us.
    expect((await forged({ issued: String(Number(link.get('issued')) + 1) })).statusCode).toBe(404);
    expect((await forged({ version: 'A'.repeat(11) })).statusCode).toBe(404);
    expect((await forged({ issued: 'soon' })).statusCode).toBe(400);
    expect(await mailSetting(seller)).toBe('digest');
  });
});
