import { describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { bearer, getMe, signIn, signUp } from '../../../test/sessions.js';

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

// Sign-up itself (the same answer for any address, the mailed link) is tested in sign-up.test.ts.
describe('the session', () => {
  it("is an httpOnly cookie that /auth/session and /me read, and a visitor's is null", async () => {
    const user = await signUp(app, signupBody());
    const login = await signIn(app, user.email, user.password);
    const cookie = login.cookies.find((item) => item.name === 'maya_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const answer = sessionResponseSchema.parse(login.json());
    expect(answer.user).toMatchObject({
      role: 'seller',
      email: user.email,
      fullName: 'Inês Pereira',
      category: 'beauty',
      plan: 'free',
      location: { address: 'Rua das Flores 10, Porto', lat: 41.1456, lng: -8.6107 },
    });
    expect(answer.user).not.toHaveProperty('passwordHash');

    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: cookieOf(login) },
    });
    expect(session.json().user.email).toBe(user.email);
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });

    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: cookieOf(login) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(user.email);
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
    const user = await signUp(app);
    const cookie = cookieOf(await signIn(app, user.email, user.password));
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
