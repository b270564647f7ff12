import { describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { bearer, getMe, sameOrigin, signIn, signUp } from '../../../test/sessions.js';

const { app } = await buildTestApp();

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    role: 'seller',
    email: `owner-${Math.random().toString(36).slice(2)}@example.test`,
    password: 'correct horse battery staple',
    firstName: 'Inês',
    lastName: 'Pereira',
    description: 'Hand-made ceramics studio',
    category: 'beauty',
    location: { address: 'Rua das Flores 10, Porto', lat: 41.1456, lng: -8.6107 },
    ...overrides,
  };
}

function cookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const session = response.cookies.find((cookie) => cookie.name === 'maya_session');
  return `maya_session=${session?.value ?? ''}`;
}

describe('sign-up', () => {
  it('creates the account, signs it in with an httpOnly cookie and returns the private view', async () => {
    const body = signupBody();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.user).toMatchObject({
      role: 'seller',
      email: body.email,
      fullName: 'Inês Pereira',
      category: 'beauty',
      plan: 'free',
      location: { address: 'Rua das Flores 10, Porto', lat: 41.1456, lng: -8.6107 },
    });
    expect(answer.token).toMatch(/^[\w-]{43}$/);
    expect(answer.user).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((item) => item.name === 'maya_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: cookieOf(response) },
    });
    expect(session.json().user.email).toBe(body.email);
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });

    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: cookieOf(response) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(body.email);
  });

  it('refuses a second account with the same email in another case', async () => {
    const body = signupBody();
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: body,
    });
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      errors: { email: 'Already registered' },
    });
  });

  it('refuses short and common passwords with field errors', async () => {
    const short = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupBody({ password: 'abc12' }),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { password: 'Use at least 8 characters.' },
    });

    const common = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupBody({ password: 'Password123' }),
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual({ password: 'Too common' });
  });

  it('lets a business sign up without a sector, and never gives a client one', async () => {
    const seller = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupBody({ category: undefined }),
    });
    expect(seller.statusCode).toBe(201);
    expect(sessionResponseSchema.parse(seller.json()).user).toMatchObject({
      role: 'seller',
      category: null,
    });

    const buyer = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupBody({ role: 'buyer', category: 'beauty' }),
    });
    expect(buyer.statusCode).toBe(201);
    expect(sessionResponseSchema.parse(buyer.json()).user.category).toBeNull();
  });
});

describe('sign-in and sign-out', () => {
  it('signs in, then logout revokes the session on the server', async () => {
    const user = await signUp(app);
    const login = await signIn(app, user.email.toUpperCase(), user.password);
    expect(login.statusCode).toBe(200);
    const session = bearer(sessionResponseSchema.parse(login.json()).token);
    expect((await getMe(app, session)).statusCode).toBe(200);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: session,
    });
    expect(logout.statusCode).toBe(204);

    const after = await getMe(app, session);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("gives each live session its own saved-data key, never kept by a cache, and an ended one's none", async () => {
    const user = await signUp(app);
    const login = await signIn(app, user.email, user.password);
    const second = bearer(sessionResponseSchema.parse(login.json()).token);
    const sessionOf = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/v1/auth/session', headers });

    const first = await sessionOf(user.headers);
    expect(first.headers['cache-control']).toBe('no-store');
    const { cacheKey } = first.json<{ cacheKey: string }>();
    expect(cacheKey).toMatch(/^[\w-]{43}$/);
    expect(cacheKey).not.toBe(user.token);
    // The same session answers the same key every time; another session of the same person
    // answers another.
    expect((await sessionOf(user.headers)).json()).toMatchObject({ cacheKey });
    const other = (await sessionOf(second)).json<{ cacheKey: string }>().cacheKey;
    expect(other).toMatch(/^[\w-]{43}$/);
    expect(other).not.toBe(cacheKey);

    await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    const ended = await sessionOf(user.headers);
    expect(ended.headers['cache-control']).toBe('no-store');
    expect(ended.json()).toEqual({ user: null });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await signUp(app);
    const wrongPassword = await signIn(app, user.email, 'not the password');
    const unknownEmail = await signIn(app, 'nobody@example.test', 'not the password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      detail: 'Wrong Credentials',
    });
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupBody(),
    });
    const cookie = cookieOf(signup);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'FORBIDDEN' });

    const noProof = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie },
    });
    expect(noProof.statusCode).toBe(403);

    const fromApp = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie, 'x-requested-with': 'fetch' },
    });
    expect(fromApp.statusCode).toBe(204);
  });
});
