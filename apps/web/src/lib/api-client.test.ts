import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from './api-client';
import { shortName } from './upload';

describe('apiRequest', () => {
  it('turns problem details into an ApiError carrying the sentence to show', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              type: '/api/errors#invalid-credentials',
              title: 'Invalid credentials',
              status: 401,
              code: 'INVALID_CREDENTIALS',
              detail: 'Wrong Credentials',
            }),
            { status: 401, headers: { 'content-type': 'application/problem+json' } },
          ),
      ),
    );
    const failure = await apiRequest('/auth/login', z.object({}), {
      method: 'POST',
      body: {},
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Wrong Credentials');
    expect((failure as ApiError).problem.code).toBe('INVALID_CREDENTIALS');
  });

  it('sends JSON with the same-origin proof header', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ ok: true }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/x', z.object({ ok: z.boolean() }), { method: 'POST', body: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/x');
    expect(init.headers).toMatchObject({
      'x-requested-with': 'fetch',
      'content-type': 'application/json',
    });
    expect(init.credentials).toBe('same-origin');
  });

  it('reports a network failure as "Network Error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/x', z.null())).rejects.toThrow('Network Error');
  });
});

describe('display helpers', () => {
  it('shortens file names but keeps the extension', () => {
    expect(shortName('holiday-photo.png', 5)).toBe('holid….png');
    expect(shortName('a.png', 10)).toBe('a.png');
  });
});
