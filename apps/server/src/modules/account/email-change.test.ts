import { describe, expect, it } from 'vitest';
import { changeEmailResponseSchema, emailConfirmedSchema, meResponseSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import {
  getMe,
  sameOrigin,
  signIn,
  signUp,
  signUpUnconfirmed,
  type SignedUp,
} from '../../../test/sessions.js';
import { findLink, mailText, startSmtpPeer } from '../../../test/smtp-peer.js';

const smtp = await startSmtpPeer();
const { app } = await buildTestApp({ SMTP_URL: smtp.url });

function changeEmail(user: SignedUp, email: string) {
  return app.inject({
    method: 'PUT',
    url: '/api/v1/me/email',
    headers: user.headers,
    payload: { email, confirmEmail: email, password: user.password },
  });
}

function confirm(token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-confirmation/confirm',
    headers: sameOrigin,
    payload: { token },
  });
}

/** The token of the link mailed to the new address. */
async function changeToken(to: string): Promise<string> {
  const mail = await smtp.next('Confirm the new email address of your Maya Market account');
  expect(mail.to).toEqual([to]);
  return new URL(findLink(mail.raw, '/confirm-email')).searchParams.get('token')!;
}

async function emailOf(user: SignedUp) {
  return meResponseSchema.parse((await getMe(app, user.headers)).json()).user;
}

describe('changing the email', () => {
  it('waits for the new address, tells the old one, then moves the account', async () => {
    const user = await signUpUnconfirmed(app);
    const newEmail = `moved-${Date.now()}@example.test`;

    const response = await changeEmail(user, newEmail);
    expect(response.statusCode).toBe(202);
    expect(changeEmailResponseSchema.parse(response.json())).toMatchObject({
      pendingEmail: newEmail,
      user: { email: user.email },
    });
    expect((await emailOf(user)).email).toBe(user.email);

    // The old address hears of the request, with no link that could be used to take over.
    const notice = await smtp.next('A new email address was asked for your Maya Market account');
    expect(notice.to).toEqual([user.email]);
    expect(mailText(notice.raw)).toContain(newEmail);
    expect(notice.raw).not.toMatch(/token/i);
    expect(notice.raw).not.toContain('/confirm-email');

    const token = await changeToken(newEmail);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(emailConfirmedSchema.parse(confirmed.json())).toEqual({ email: newEmail });
    expect(confirmed.headers['set-cookie']).toBeUndefined();
    expect(await emailOf(user)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await signIn(app, newEmail, user.password)).statusCode).toBe(200);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);

    const told = await smtp.next('The email address of your Maya Market account was changed');
    expect(told.to).toEqual([user.email]);
    expect(mailText(told.raw)).toContain(newEmail);
    expect(told.raw).not.toContain('/confirm-email');

    // Single use; and the sign-up link for the address the account left no longer confirms.
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await confirm(user.link.searchParams.get('token')!)).statusCode).toBe(400);
  });

  it('refuses an email another account has, in any case, when asked and when confirmed', async () => {
    const user = await signUp(app);
    const other = await signUp(app);

    const taken = await changeEmail(user, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'Already registered' });

    const same = await changeEmail(user, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);

    // Free when asked, taken by a sign-up before the link is followed.
    const wanted = `wanted-${Date.now()}@example.test`;
    expect((await changeEmail(user, wanted)).statusCode).toBe(202);
    const token = await changeToken(wanted);
    await signUp(app, { email: wanted.toUpperCase() });
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect((await emailOf(user)).email).toBe(user.email);
  });

  it('keeps only the newest pending change, and nobody signed out can ask for one', async () => {
    const user = await signUp(app);
    const first = `first-${Date.now()}@example.test`;
    const second = `second-${Date.now()}@example.test`;
    expect((await changeEmail(user, first)).statusCode).toBe(202);
    const firstToken = await changeToken(first);
    expect((await changeEmail(user, second)).statusCode).toBe(202);
    const secondToken = await changeToken(second);

    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect((await emailOf(user)).email).toBe(second);

    const signedOut = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/email',
      headers: sameOrigin,
      payload: { email: first, confirmEmail: first, password: user.password },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
