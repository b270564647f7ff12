import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.js';

const { app } = await buildTestApp({ BODY_LIMIT_BYTES: '1024' });

describe('infrastructure', () => {
  it('reports liveness and database readiness', async () => {
    const live = await app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    // Run from source, the build is `dev` (a bundle reports its version and commit).
    expect(live.json()).toEqual({ status: 'ok', version: 'dev', commit: 'dev' });

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers an unknown API route with a 404 problem', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: '/api/errors#not-found',
      title: 'Not found',
      status: 404,
      code: 'NOT_FOUND',
      detail: 'There is nothing at GET /api/v1/does-not-exist.',
      instance: '/api/v1/does-not-exist',
    });
  });

  it('rate-limits scanning for unknown routes', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 101; index += 1) {
      const response = await app.inject({
        method: 'GET',
        url: `/wp-admin/${index}.php`,
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 100).every((status) => status === 404)).toBe(true);
    const last = await app.inject({ method: 'GET', url: '/x', remoteAddress: '203.0.113.9' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'MALFORMED_REQUEST',
      detail: 'The request body is not valid JSON.',
    });
  });

  it('answers an unsupported content type with a 415 problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
  });

  it('answers an oversized body with a 413 problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });

  it('answers invalid parameters with field errors, never a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/users/not-a-uuid' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { id: expect.any(String) },
    });
  });

  it.each([
    ['a broken percent-encoding', '/api/v1/users/%E0%A4%A', 'The request URL is malformed.'],
    ['an encoded broken surrogate', '/chats/%ED%A0%80', 'The request URL is malformed.'],
    [
      'an over-long path parameter',
      `/api/v1/users/${'9'.repeat(300)}`,
      'A part of the request URL is too long.',
    ],
  ])('answers %s in the path with a 400 problem', async (_label, url, detail) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: '/api/errors#malformed-request',
      title: 'Malformed request',
      status: 400,
      code: 'MALFORMED_REQUEST',
      detail,
      instance: url,
    });
  });

  it('sets strict security headers on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/users', '/api/v1/users/featured', '/api/v1/users/{id}']),
    );
    expect(document.components.schemas).toHaveProperty('PublicProfile');

    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('HSTS', async () => {
  const secure = await buildTestApp({ PUBLIC_URL: 'https://market.example' });

  it('is sent when the public URL is https', async () => {
    const response = await secure.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('the client address behind a load balancer', () => {
  type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
  /** 101 unknown paths, each with its own forged leftmost entry: the status of each. */
  const scan = async (app: App, forwardedFor: (index: number) => string) => {
    const statuses: number[] = [];
    for (let index = 0; index < 101; index += 1) {
      const response = await app.inject({
        method: 'GET',
        url: `/cgi-bin/${index}`,
        headers: { 'x-forwarded-for': forwardedFor(index) },
        remoteAddress: '10.1.1.1',
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };
  const limited = (statuses: number[]) =>
    statuses.slice(0, 100).every((status) => status === 404) && statuses[100] === 429;

  it('with a hop count, is the address the load balancer saw, whatever the client forged', async () => {
    const { app: proxied } = await buildTestApp({ TRUST_PROXY: '1' });
    // The balancer appends 203.0.113.50; the entries before it change every time.
    expect(limited(await scan(proxied, (index) => `192.0.2.${index}, 203.0.113.50`))).toBe(true);
    // Another address the balancer saw has its own count.
    const other = await proxied.inject({
      method: 'GET',
      url: '/cgi-bin/x',
      headers: { 'x-forwarded-for': '192.0.2.1, 203.0.113.51' },
      remoteAddress: '10.1.1.1',
    });
    expect(other.statusCode).toBe(404);
  });

  it('with the trusted proxies listed, skips only those', async () => {
    const { app: proxied } = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    expect(
      limited(await scan(proxied, (index) => `192.0.2.${index}, 203.0.113.50, 10.2.2.2`)),
    ).toBe(true);
  });

  it('with true (the old setting), is the leftmost entry, which the client chooses', async () => {
    const { app: proxied } = await buildTestApp({ TRUST_PROXY: 'true' });
    const statuses = await scan(proxied, (index) => `192.0.2.${index}, 203.0.113.50`);
    expect(statuses.every((status) => status === 404)).toBe(true);
  });
});
