import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig, readEnv } from '../../config.js';
import { createDatabase } from '../../db/client.js';
import { signInLinks } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { startFreezableProxy } from '../../../test/freezable-proxy.js';
import { sameOrigin, signIn, signUp } from '../../../test/sessions.js';
import { findLink, mailText, startSmtpPeer, subjectOf } from '../../../test/smtp-peer.js';
import { createPostgresTestDatabase } from '../../../test/test-database.js';
import { uuidv7 } from '../../lib/uuid.js';
import { hashToken, newToken } from './tokens.js';

const smtp = await startSmtpPeer();
const { app, database } = await buildTestApp({ SMTP_URL: smtp.url });

let requests = 0;
/** From an address of its own unless told, so that only the flood test meets the address limit. */
function requestLink(
  email: string,
  remoteAddress = `10.9.0.${(requests += 1)}`,
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in-link',
    headers: sameOrigin,
    remoteAddress,
    payload: { email, ...extra },
  });
}

function confirm(token: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in-link/confirm',
    headers: { ...sameOrigin, ...headers },
    payload: { token },
  });
}

/** The token of the next mailed sign-in link, read from the mail as the SMTP peer got it. */
async function mailedToken(to: string): Promise<string> {
  const mail = await smtp.next('Your Maya Market sign-in link');
  expect(mail.to).toEqual([to]);
  const link = new URL(findLink(mail.raw, '/sign-in-link'));
  expect(link.pathname).toBe('/sign-in-link');
  return link.searchParams.get('token')!;
}

describe('sign-in links', () => {
  it('carries the page to come back to in the mailed link, and the link still signs in', async () => {
    const user = await signUp(app);
    const next = '/inbox/01900000-0000-7000-8000-0000000000d1?from=mail';
    expect((await requestLink(user.email, undefined, { next })).statusCode).toBe(202);
    const mail = await smtp.next('Your Maya Market sign-in link');
    const found = mailText(mail.raw).match(/http:\/\/localhost:3000\/sign-in-link\?\S+/);
    const link = new URL(found![0]);
    expect(link.searchParams.get('next')).toBe(next);
    expect((await confirm(link.searchParams.get('token')!)).statusCode).toBe(200);
  });

  it.each([
    ['another host', '//evil.example/inbox'],
    ['an absolute URL', 'https://evil.example/'],
    ['a backslash host', '/\\evil.example'],
    ['a tab before a second slash', '/\t/evil.example'],
    ['a line break', '/inbox\r\nLocation: https://evil.example'],
    ['a path not from the root', 'inbox'],
  ])('refuses a page to come back to that is %s, and mails nothing', async (_, next) => {
    const user = await signUp(app);
    const answer = await requestLink(user.email, undefined, { next });
    expect(answer.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      smtp.inbox.filter(
        (item) =>
          item.to.includes(user.email.toLowerCase()) &&
          subjectOf(item.raw).startsWith('Your Maya Market sign-in link'),
      ),
    ).toEqual([]);
  });

  it('answers the same for a registered and an unknown email, and mails only the registered one', async () => {
    const user = await signUp(app);
    const known = await requestLink(user.email.toUpperCase());
    const unknown = await requestLink('nobody-at-all@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({
      message: 'If an account exists for that email, we have sent a link to sign in.',
    });
    expect(unknown.json()).toEqual(known.json());

    const mail = await smtp.next('Your Maya Market sign-in link');
    expect(mail.to).toEqual([user.email]);
    expect(mail.raw).toContain('Subject: Your Maya Market sign-in link');
    expect(mail.raw).toContain('within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.filter((item) => item.to.includes('nobody-at-all@example.test'))).toEqual([]);
  });

  it('signs in once with the mailed link, with a session and a device cookie', async () => {
    const user = await signUp(app);
    await requestLink(user.email);
    const token = await mailedToken(user.email);

    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      user: expect.objectContaining({ id: user.id, email: user.email }),
      token: expect.stringMatching(/^[\w-]{43}$/),
    });
    const session = first.cookies.find((cookie) => cookie.name === 'maya_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const device = first.cookies.find((cookie) => cookie.name === 'maya_device');
    expect(device?.value).toMatch(/^[\w-]{43}$/);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${first.json().token}` },
    });
    expect(me.json().user.id).toBe(user.id);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'This sign-in link is invalid or has expired. Ask for a new one.',
      errors: { token: 'Invalid or expired' },
    });
  });

  it('refuses an expired link', async () => {
    const user = await signUp(app);
    await requestLink(user.email);
    const token = await mailedToken(user.email);
    await database.db
      .update(signInLinks)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(signInLinks.userId, user.id));
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ token: 'Invalid or expired' });
  });

  it('refuses an older unused link once a newer one is mailed; only the newest signs in', async () => {
    const user = await signUp(app);
    const tokens: string[] = [];
    for (let asked = 0; asked < 3; asked += 1) {
      expect((await requestLink(user.email)).statusCode).toBe(202);
      tokens.push(await mailedToken(user.email));
    }
    const [first, second, newest] = tokens as [string, string, string];
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).json()).toMatchObject({
      errors: { token: 'Invalid or expired' },
    });
    expect((await confirm(newest)).statusCode).toBe(200);
  });

  it('refuses the account’s other unused links once one is used', async () => {
    const user = await signUp(app);
    await requestLink(user.email);
    const mailed = await mailedToken(user.email);
    // A link stored beside it (two requests' jobs at the same moment), dated a little earlier.
    const beside = newToken();
    const earlier = Date.now() - 1_000;
    await database.db.insert(signInLinks).values({
      id: uuidv7(earlier),
      tokenHash: hashToken(beside),
      userId: user.id,
      createdAt: new Date(earlier),
      expiresAt: new Date(earlier + 15 * 60_000),
    });

    expect((await confirm(mailed)).statusCode).toBe(200);
    expect((await confirm(beside)).statusCode).toBe(400);
    const live = await database.db
      .select({ usedAt: signInLinks.usedAt })
      .from(signInLinks)
      .where(eq(signInLinks.userId, user.id));
    expect(live).toEqual([{ usedAt: expect.any(Date) }]);
  });

  it('answers malformed tokens and emails with field errors, never a 500', async () => {
    for (const token of ['', 'short', 'x'.repeat(201), 'x'.repeat(43)]) {
      const response = await confirm(token);
      expect(response.statusCode, token).toBe(400);
      expect(Object.keys(response.json().errors), token).toEqual(['token']);
    }
    for (const email of ['', 'not-an-email', `${'a'.repeat(250)}@example.test`]) {
      const response = await requestLink(email);
      expect(response.statusCode, email).toBe(400);
      expect(Object.keys(response.json().errors), email).toEqual(['email']);
    }
  });

  it('adds the link’s device to the devices that signed in before', async () => {
    const user = await signUp(app);
    const laptop = (await signIn(app, user.email, user.password)).cookies.find(
      (cookie) => cookie.name === 'maya_device',
    )!.value;
    await requestLink(user.email);
    const linked = await confirm(await mailedToken(user.email), {
      cookie: `maya_device=${laptop}`,
    });
    expect(linked.statusCode).toBe(200);
    // Already known for this account: the same cookie comes back, no new token.
    expect(linked.cookies.find((cookie) => cookie.name === 'maya_device')?.value).toBe(laptop);

    const other = await signUp(app);
    await requestLink(other.email);
    const shared = await confirm(await mailedToken(other.email), {
      cookie: `maya_device=${laptop}`,
    });
    const both = shared.cookies.find((cookie) => cookie.name === 'maya_device')!.value;
    expect(both.split('.')).toEqual([expect.stringMatching(/^[\w-]{43}$/), laptop]);
  });

  it('refuses a flood of link requests from one address with 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await requestLink(`flood-${index}@example.test`, '192.0.2.90')).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('mails one account no more than five links per fifteen minutes, saying nothing', async () => {
    const user = await signUp(app);
    const links = () =>
      smtp.inbox.filter(
        (mail) =>
          mail.to.includes(user.email) && subjectOf(mail.raw) === 'Your Maya Market sign-in link',
      ).length;
    for (let index = 0; index < 7; index += 1) {
      expect((await requestLink(user.email, `198.51.100.${index + 1}`)).statusCode).toBe(202);
    }
    await expect.poll(links).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(links()).toBe(5);
    // Skip the five, so later tests read their own mail.
    for (let read = 0; read < 5; read += 1) await smtp.next('Your Maya Market sign-in link');
  });

  it('forgets every device of an account when its password is reset', async () => {
    const user = await signUp(app);
    const device = (await signIn(app, user.email, user.password)).cookies.find(
      (cookie) => cookie.name === 'maya_device',
    )!.value;
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: user.email },
    });
    const reset = new URL(findLink((await smtp.next('Reset your Maya Market password')).raw));
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token: reset.searchParams.get('token'), password: 'a whole new passphrase' },
    });
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...sameOrigin, cookie: `maya_device=${device}` },
      payload: { email: user.email, password: 'a whole new passphrase' },
    });
    expect(again.statusCode).toBe(200);
    // Not known any more: a fresh token is put in front of the old one.
    expect(again.cookies.find((cookie) => cookie.name === 'maya_device')?.value).not.toBe(device);
  });
});

describe('a link asked for while it cannot be queued', () => {
  const ask = (application: typeof app, url: string, email: string) =>
    application.inject({ method: 'POST', url, headers: sameOrigin, payload: { email } });

  it.each(['/api/v1/auth/sign-in-link', '/api/v1/auth/password-reset'])(
    'is answered 503 with Retry-After at %s, the same for any email, while the database is gone',
    async (url) => {
      const { app: cut, database: gone } = await buildTestApp({ SMTP_URL: smtp.url });
      const user = await signUp(cut);
      await gone.close();

      const known = await ask(cut, url, user.email);
      const unknown = await ask(cut, url, 'nobody-at-all@example.test');
      expect(known.statusCode).toBe(503);
      expect(known.headers['retry-after']).toBe('5');
      expect(known.json()).toEqual({
        type: '/api/errors#unavailable',
        title: 'Service unavailable',
        status: 503,
        code: 'UNAVAILABLE',
        detail:
          'The service cannot reach its database right now. Please try again in a few seconds.',
        instance: url,
      });
      expect(unknown.statusCode).toBe(503);
      expect(unknown.json()).toEqual(known.json());
    },
  );

  it.runIf(readEnv('DATABASE_URL'))(
    'is answered 503 within the statement limit while PostgreSQL is frozen, and mailed when asked after the thaw',
    async () => {
      const copy = await createPostgresTestDatabase();
      const target = new URL(copy.url);
      const proxy = await startFreezableProxy({ host: target.hostname, port: Number(target.port) });
      target.host = `127.0.0.1:${proxy.port}`;
      const database = await createDatabase({
        kind: 'postgres',
        url: target.toString(),
        poolSize: 5,
        timeouts: { connectMs: 500, statementMs: 1_000 },
      });
      const dataDir = await mkdtemp(join(tmpdir(), 'maya-app-'));
      const frozen = await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: join(dataDir, 'no-web'),
          SMTP_URL: smtp.url,
          JOBS_POLL_SECONDS: '0.5',
        }),
        { database, closeDatabase: true, logger: false },
      );
      onTestFinished(async () => {
        proxy.freeze(false);
        await frozen.close();
        await proxy.close();
        await copy.drop();
        await rm(dataDir, { recursive: true, force: true });
      });
      const user = await insertUser(database.db);

      proxy.freeze(true);
      const asked = performance.now();
      const [known, unknown] = await Promise.all([
        ask(frozen, '/api/v1/auth/sign-in-link', user.email),
        ask(frozen, '/api/v1/auth/sign-in-link', 'nobody-at-all@example.test'),
      ]);
      const waitedMs = performance.now() - asked;
      proxy.freeze(false);
      expect(known.statusCode).toBe(503);
      expect(known.headers['retry-after']).toBe('5');
      expect(known.json()).toMatchObject({ code: 'UNAVAILABLE' });
      expect(unknown.json()).toEqual(known.json());
      expect(waitedMs).toBeLessThan(5_000);

      const accepted = await ask(frozen, '/api/v1/auth/sign-in-link', user.email);
      expect(accepted.statusCode).toBe(202);
      // A refused request whose statement had already left may still be queued once the database
      // thaws, and mailed too: the link mailed last is the one that works.
      const mailed = () =>
        smtp.inbox
          .filter(
            (mail) =>
              mail.to.includes(user.email.toLowerCase()) &&
              subjectOf(mail.raw) === 'Your Maya Market sign-in link',
          )
          .map((mail) => new URL(findLink(mail.raw, '/sign-in-link')).searchParams.get('token')!);
      await expect
        .poll(
          async () => {
            const newest = mailed().at(-1);
            if (!newest) return 'no mail yet';
            const signedIn = await frozen.inject({
              method: 'POST',
              url: '/api/v1/auth/sign-in-link/confirm',
              headers: sameOrigin,
              payload: { token: newest },
            });
            return signedIn.statusCode;
          },
          { timeout: 15_000, interval: 250 },
        )
        .toBe(200);
      expect(mailed().length).toBeLessThanOrEqual(2);
    },
    30_000,
  );
});
