import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acceptedSchema, emailConfirmedSchema, meResponseSchema } from '@maya/contracts';
import { emailConfirmations } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { getMe, sameOrigin, signUpUnconfirmed, type SignedUp } from '../../../test/sessions.js';
import { findLink, startSmtpPeer } from '../../../test/smtp-peer.js';

const smtp = await startSmtpPeer();
const { app, database } = await buildTestApp({ SMTP_URL: smtp.url });

const SUBJECT = 'Confirm your Maya Market email address';
/** A sign-up's mail: its link confirms the address and signs in. */
const SIGNUP_SUBJECT = 'Confirm your email to start on Maya Market';

/** The token of the next confirmation mail (or with SIGNUP_SUBJECT, sign-up mail) to `to`. */
async function mailedToken(to: string, subject = SUBJECT): Promise<string> {
  const mail = await smtp.next(subject);
  expect(mail.to).toEqual([to.toLowerCase()]);
  expect(mail.raw).toContain('within 48 hours');
  const link = new URL(findLink(mail.raw, '/confirm-email'));
  expect(link.origin + link.pathname).toBe('http://localhost:3000/confirm-email');
  return link.searchParams.get('token')!;
}

function confirm(token: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-confirmation/confirm',
    headers: { ...sameOrigin, ...headers },
    payload: { token },
  });
}

function resend(user: SignedUp, remoteAddress = '10.77.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-confirmation',
    headers: user.headers,
    remoteAddress,
  });
}

async function verified(user: SignedUp): Promise<boolean> {
  return meResponseSchema.parse((await getMe(app, user.headers)).json()).user.emailVerified;
}

describe('email confirmation', () => {
  it('mails a link at sign-up that confirms the address once, without a session', async () => {
    const user = await signUpUnconfirmed(app);
    expect(await verified(user)).toBe(false);
    const token = await mailedToken(user.email, SIGNUP_SUBJECT);

    // Followed from a mail app: no cookie, no Bearer token.
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(emailConfirmedSchema.parse(first.json())).toMatchObject({ email: user.email });
    expect(await verified(user)).toBe(true);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'This confirmation link is invalid or has expired. Ask for a new one.',
    });
    // Only the hash is stored.
    const rows = await database.db.select().from(emailConfirmations);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('mails a link when the original client signs up (POST /api/user)', async () => {
    const email = `legacy-${Date.now()}@example.test`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        email,
        password: 'a long enough passphrase',
        fullname: 'Old Client',
        role: 'buyer',
      },
    });
    expect(response.statusCode).toBe(201);
    expect((await confirm(await mailedToken(email))).statusCode).toBe(200);
  });

  it('refuses an expired link and a made-up one', async () => {
    const user = await signUpUnconfirmed(app);
    const token = await mailedToken(user.email, SIGNUP_SUBJECT);
    await database.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmations.userId, user.id));
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
    expect((await confirm('short')).statusCode).toBe(400);
    expect(await verified(user)).toBe(false);
  });

  it("confirms the link's own account, never the signed-in caller's", async () => {
    const owner = await signUpUnconfirmed(app);
    const ownerToken = await mailedToken(owner.email, SIGNUP_SUBJECT);
    const other = await signUpUnconfirmed(app);
    await mailedToken(other.email, SIGNUP_SUBJECT);

    const response = await confirm(ownerToken, other.headers);
    expect(response.statusCode).toBe(200);
    const confirmed = emailConfirmedSchema.parse(response.json());
    expect(confirmed.email).toBe(owner.email);
    // A sign-up's link signs in as its own account too.
    expect(confirmed.session?.user.id).toBe(owner.id);
    expect(await verified(owner)).toBe(true);
    expect(await verified(other)).toBe(false);
  });

  it('resends to the signed-in owner only, three times an hour, with Retry-After after that', async () => {
    const user = await signUpUnconfirmed(app);
    await mailedToken(user.email, SIGNUP_SUBJECT);

    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-confirmation',
      headers: sameOrigin,
    });
    expect(signedOut.statusCode).toBe(401);

    for (let index = 0; index < 3; index += 1) {
      const response = await resend(user, `10.78.0.${index + 1}`);
      expect(response.statusCode).toBe(202);
      acceptedSchema.parse(response.json());
      await mailedToken(user.email);
    }
    const refused = await resend(user, '10.78.0.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(
      /^We have sent several confirmation mails\. Please wait \d+ s/,
    );

    // Any of the mailed links works; once confirmed, there is nothing to resend.
    const fresh = await signUpUnconfirmed(app);
    const token = await mailedToken(fresh.email, SIGNUP_SUBJECT);
    expect((await confirm(token)).statusCode).toBe(200);
    const done = await resend(fresh, '10.78.1.1');
    expect(done.statusCode).toBe(409);
  });

  it('limits resends from one address over all accounts', async () => {
    const statuses: number[] = [];
    for (let account = 0; account < 4; account += 1) {
      const user = await signUpUnconfirmed(app);
      for (let index = 0; index < 3; index += 1) {
        statuses.push((await resend(user, '10.79.0.1')).statusCode);
      }
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
