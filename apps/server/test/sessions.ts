import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { accountExportSchema, emailConfirmedSchema, signupAcceptedSchema } from '@maya/contracts';
import { mailsOf } from './mail-log.js';
import { findLink, subjectOf, type ReceivedMail } from './smtp-peer.js';

export const sameOrigin = { origin: 'http://localhost:3000' };

/** The header an API client (or the original web client) sends its session token in. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

let addresses = 0;
/** A new client address per call, so the per-address limits never hide the rule under test. */
export function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export interface SignedUp {
  id: string;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

/** GET /api/v1/me/export as `user`: their data, read through the contract. */
export async function exportOf(app: FastifyInstance, user: SignedUp) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/me/export',
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return accountExportSchema.parse(response.json());
}

/** DELETE /api/v1/me as `user`, with their password: the account is deleted (204). */
export async function deleteAccount(app: FastifyInstance, user: SignedUp): Promise<void> {
  const response = await app.inject({
    method: 'DELETE',
    url: '/api/v1/me',
    headers: user.headers,
    payload: { password: user.password },
  });
  expect(response.statusCode, response.body).toBe(204);
}

let counter = 0;

/**
 * The link a sign-up mailed to `email` (it confirms the address and signs in), once the mail is
 * sent: the app's mails are read where they went (`mailsOf`).
 */
export async function mailedSignupLink(app: FastifyInstance, email: string): Promise<URL> {
  const mail = await mailsOf(app).waitFor(
    (sent) => sent.kind === 'signup' && sent.to.toLowerCase() === email.toLowerCase(),
  );
  return new URL(mail.link!);
}

/**
 * Spends a mailed confirmation or sign-up link, as its page's button does, from an address of
 * its own (the route is limited per address).
 */
export function confirmEmail(app: FastifyInstance, token: string, remoteAddress = nextAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-confirmation/confirm',
    headers: sameOrigin,
    payload: { token },
    remoteAddress,
  });
}

/**
 * Signs a user up through the real route and follows the link mailed to it, as a person does:
 * the answer is a Bearer session for the new account, whose address is then confirmed.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  /** Reads the link mailed to `email`, for an app that `buildTestApp` did not build. */
  linkOf: (email: string) => Promise<URL> = (email) => mailedSignupLink(app, email),
): Promise<SignedUp> {
  counter += 1;
  const body = {
    role: 'seller',
    email: `person${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: 'a long enough passphrase',
    firstName: 'Test',
    lastName: `Person${counter}`,
    description: 'Testing',
    category: 'hospitality',
    location: { address: 'Praça do Comércio, Lisbon', lat: 38.7075, lng: -9.1364 },
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: sameOrigin,
    payload: body,
  });
  expect(response.statusCode).toBe(202);
  expect(signupAcceptedSchema.parse(response.json())).toEqual({
    email: body.email,
    status: 'check-your-email',
  });
  const link = await linkOf(body.email);
  const confirmed = await confirmEmail(app, link.searchParams.get('token')!);
  expect(confirmed.statusCode).toBe(200);
  const { session } = emailConfirmedSchema.parse(confirmed.json());
  const { user, token } = session!;
  return {
    id: user.id,
    email: body.email,
    password: body.password,
    token,
    headers: bearer(token),
  };
}

/**
 * Signs a user up through the real route without following the mailed link: the session comes
 * from a password sign-in, and the address stays unconfirmed. `link` is the link it was mailed.
 */
export async function signUpUnconfirmed(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<SignedUp & { link: URL }> {
  counter += 1;
  const email = `unconfirmed${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = 'a long enough passphrase';
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: sameOrigin,
    payload: {
      role: 'buyer',
      email,
      password,
      firstName: 'Test',
      lastName: `Unconfirmed${counter}`,
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(202);
  const link = await mailedSignupLink(app, email);
  const login = await signIn(app, email, password);
  expect(login.statusCode).toBe(200);
  const { user, token } = login.json<{ user: { id: string }; token: string }>();
  return { id: user.id, email, password, token, headers: bearer(token), link };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: sameOrigin,
    payload: { email, password },
  });
}

/** GET /api/v1/me with these headers: the answer, for tests of who is still signed in. */
export function getMe(app: FastifyInstance, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/v1/me', headers });
}

/**
 * Signs up at a running server (another process) and signs in with the password, for tests of
 * processes rather than of sign-up: the mailed link stays in that server's outbox.
 */
export async function signUpOverHttp(
  url: string,
  body: Record<string, unknown> & { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<{ user: { id: string } & Record<string, unknown>; token: string }> {
  const post = (path: string, payload: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    });
  const signup = await post('/api/v1/auth/signup', body);
  expect(signup.status, await signup.clone().text()).toBe(202);
  const login = await post('/api/v1/auth/login', { email: body.email, password: body.password });
  expect(login.status, await login.clone().text()).toBe(200);
  return (await login.json()) as { user: { id: string }; token: string };
}

/** The subject of the sign-up's mail, whose link confirms the address and signs in. */
export const SIGN_UP_MAIL = 'Confirm your email to start on Maya Market';

/**
 * Signs up and follows the link mailed to a real SMTP peer (`inbox`), for apps that send
 * through one: only confirmed addresses get the mails those tests read.
 */
export function signUpThroughSmtp(
  app: FastifyInstance,
  inbox: ReceivedMail[],
  overrides?: Record<string, unknown>,
): Promise<SignedUp> {
  return signUp(app, overrides, async (email) => {
    for (let waited = 0; waited < 5_000; waited += 50) {
      const mail = inbox.find(
        (item) =>
          item.to.includes(email.toLowerCase()) && subjectOf(item.raw).startsWith(SIGN_UP_MAIL),
      );
      if (mail) return new URL(findLink(mail.raw, '/confirm-email'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no sign-up mail for ${email}`);
  });
}
