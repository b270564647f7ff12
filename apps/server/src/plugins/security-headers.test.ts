import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.js';
import { signUp } from '../../test/sessions.js';

const { app } = await buildTestApp();
const seller = await signUp(app, { role: 'seller' });

/** Answers whose routes chose to be cached: public data, the same for everyone. */
const cachedOnPurpose: Record<string, string> = {
  'GET /api/v1/places?q=lisbon': 'public, max-age=3600',
  'GET /api/errors': 'public, max-age=3600',
};

const document = app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
const getPaths = Object.entries(document.paths)
  .filter(([, methods]) => 'get' in methods)
  .map(([path]) => path.replaceAll(/\{[^}]+\}/g, '01900000-0000-7000-8000-000000000000'));

async function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headers } });
}

describe('Cache-Control on JSON answers', () => {
  it('keeps personal answers out of every cache', async () => {
    const me = await get('/api/v1/me', seller.headers);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const clients = await get('/api/v1/users?role=buyer', seller.headers);
    expect(clients.statusCode).toBe(200);
    expect(clients.headers['cache-control']).toBe('no-store');
    const legacy = await get('/api/user/all', seller.headers);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.headers['cache-control']).toBe('no-store');
  });

  it('keeps problem answers out of every cache', async () => {
    const answers = await Promise.all([
      get('/api/v1/me'),
      get('/api/v1/users?limit=0'),
      get('/api/v1/users/01900000-0000-7000-8000-000000000000'),
      get('/api/v1/nothing-here'),
      get('/api/v1/users/%E0%A4%A'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 400, 404, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.headers['cache-control'], answer.body).toBe('no-store');
    }
  });

  it('keeps the policy of a route that chose one', async () => {
    for (const [request, policy] of Object.entries(cachedOnPurpose)) {
      const answer = await get(request.replace('GET ', ''));
      expect(answer.statusCode, request).toBe(200);
      expect(answer.headers['cache-control'], request).toBe(policy);
    }
  });

  it('gives every JSON answer of every GET operation, signed in or not, no-store unless its route chose a policy', async () => {
    const unstored: string[] = [];
    let json = 0;
    for (const path of getPaths) {
      for (const headers of [{}, seller.headers]) {
        const answer = await get(path, headers);
        if (!/json/.test(String(answer.headers['content-type']))) continue;
        json += 1;
        const policy = answer.headers['cache-control'];
        const chosen = answer.statusCode === 200 ? cachedOnPurpose[`GET ${path}`] : undefined;
        if (policy !== (chosen ?? 'no-store'))
          unstored.push(`${path} ${answer.statusCode}: ${policy}`);
      }
    }
    expect(unstored).toEqual([]);
    expect(json).toBeGreaterThan(getPaths.length);
  });
});
