import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.js';
import { freePort } from '../../test/server-process.js';

const TOKEN = 'a-metrics-token-of-32-characters';

describe('/metrics', () => {
  it('is not served when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', instance: '/metrics' });
  });

  it('refuses a scrape without the METRICS_TOKEN, and serves Prometheus text with it', async () => {
    const { app } = await buildTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-the-same-length-x',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `bearer ${TOKEN}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const refused = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(refused.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(refused.body).not.toContain('process_cpu');
    }

    await app.inject({ method: 'GET', url: '/healthz' });
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toMatch(/route="\/healthz"/);
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('is served on METRICS_PORT only, and nowhere else, when that is set', async () => {
    const port = await freePort();
    const { url } = await buildTestApp({ METRICS_PORT: String(port) }, { listen: true });
    const metricsUrl = `http://127.0.0.1:${port}`;

    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toContain('process_cpu_user_seconds_total');

    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const elsewhere = await fetch(`${metricsUrl}/api/v1/users`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('needs the METRICS_TOKEN on METRICS_PORT too, when both are set', async () => {
    const port = await freePort();
    await buildTestApp({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN }, { listen: true });
    const metricsUrl = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(metricsUrl)).status).toBe(401);
    const scraped = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
  });
});
