import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';

const { app } = await buildTestApp();

const sameOrigin = { origin: 'http://localhost:3000' };

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

  it('requires a sector for businesses but not for clients', async () => {
    const seller = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupBody({ category: undefined }),
    });
    expect(seller.statusCode).toBe(400);
    expect(seller.json().errors).toEqual({ category: 'Required for businesses' });

    const buyer = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupBody({ role: 'buyer', category: 'beauty' }),
    });
    expect(buyer.statusCode).toBe(201);
    expect(buyer.json().user.category).toBeNull();
  });
});

describe('sign-in and sign-out', () => {
  it('signs in, then logout revokes the session on the server', async () => {
    const body = signupBody();
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: body,
    });

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: sameOrigin,
      payload: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json();

    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer })).statusCode,
    ).toBe(200);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer,
    });
    expect(logout.statusCode).toBe(204);

    const after = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const body = signupBody();
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: body,
    });
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: sameOrigin,
      payload: { email: body.email, password: 'not the password' },
    });
    const unknownEmail = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: sameOrigin,
      payload: { email: 'nobody@example.test', password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      detail: 'Wrong Credentials',
    });
  });

  it('throttles repeated sign-in attempts on one account with 429 and Retry-After', async () => {
    const email = `target-${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: sameOrigin,
        remoteAddress: `198.51.100.${attempt + 1}`,
        payload: { email, password: 'guess-number-' + attempt },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
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

describe('sign-in throttling over time', async () => {
  // A one-second window, so the end of a pause can be observed.
  const { app: quick } = await buildTestApp({ AUTH_THROTTLE_WINDOW_SECONDS: '1' });

  it('pauses an account after ten wrong passwords and lets the right one in once the window ends', async () => {
    const signup = await quick.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupBody({ password: 'the right passphrase' }),
    });
    const email = signup.json().user.email as string;
    const attempt = (password: string, address: string) =>
      quick.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: sameOrigin,
        remoteAddress: address,
        payload: { email, password },
      });
    for (let wrong = 0; wrong < 10; wrong += 1) {
      expect((await attempt(`wrong guess ${wrong}`, `203.0.113.${wrong + 1}`)).statusCode).toBe(
        401,
      );
    }
    const paused = await attempt('the right passphrase', '203.0.113.50');
    expect(paused.statusCode).toBe(429);
    expect(paused.headers['retry-after']).toBe('1');
    expect(paused.json().detail).toBe(
      'Too many failed sign-in attempts. Please wait 1 s and try again.',
    );

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await attempt('the right passphrase', '203.0.113.50')).statusCode).toBe(200);
  });

  it('answers wrong passwords from one address ever more slowly before pausing it', async () => {
    const durations: number[] = [];
    for (let wrong = 0; wrong < 7; wrong += 1) {
      const started = performance.now();
      const response = await quick.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: sameOrigin,
        remoteAddress: '198.51.100.200',
        payload: { email: `nobody-${wrong}@example.test`, password: 'some wrong guess' },
      });
      durations.push(performance.now() - started);
      expect(response.statusCode).toBe(401);
    }
    // The sixth and seventh answers wait at least 250 ms and 500 ms on top of the hash.
    expect(durations[5]).toBeGreaterThanOrEqual(250);
    expect(durations[6]).toBeGreaterThanOrEqual(500);
  });
});
