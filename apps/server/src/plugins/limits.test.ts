import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.js';
import { freezableStore } from '../../test/limiter-stores.js';
import { sameOrigin } from '../../test/sessions.js';

const METRICS_TOKEN = 'limits-test-metrics-token-0123456789';

describe('limits whose store freezes', async () => {
  const lines: { level: number; msg: string; engine?: string; reason?: string }[] = [];
  const frozen = freezableStore();
  const { app } = await buildTestApp(
    { LIMITS_STORE_TIMEOUT_MS: '150', METRICS_TOKEN, LOG_LEVEL: 'warn' },
    {
      overrides: {
        limiterStore: frozen.store,
        logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    },
  );
  const requests = {
    signIn: () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: sameOrigin,
        payload: { email: 'nobody@example.test', password: 'not the password' },
      }),
    signInLink: () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in-link',
        headers: sameOrigin,
        payload: { email: 'nobody@example.test' },
      }),
    rateLimitedRead: () => app.inject({ method: 'GET', url: '/api/user/all' }),
    unknownRoute: () => app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
  };
  const fallbacks = async () => {
    const metrics = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return Object.fromEntries(
      [
        ...metrics.body.matchAll(
          /^maya_limiter_fallbacks_total\{engine="custom",reason="(\w+)"\} (\d+)$/gm,
        ),
      ].map(([, reason, count]) => [reason, Number(count)]),
    );
  };

  it('answers from memory within the bound while frozen, counts and logs the outage once, and counts in the store again after the thaw', async () => {
    // Each route once while the store answers (the first request of a route is the slowest).
    for (const request of Object.values(requests)) await request();
    expect(await fallbacks()).toEqual({});

    frozen.freeze();
    const answers: { status: number; ms: number }[] = [];
    for (const request of Object.values(requests)) {
      const startedAt = performance.now();
      const response = await request();
      answers.push({ status: response.statusCode, ms: performance.now() - startedAt });
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 202, 200, 404]);
    for (const answer of answers) expect(answer.ms).toBeLessThan(2_000);
    // The first call waited for the bound; the store was down for the later ones.
    const counted = await fallbacks();
    expect(counted.slow).toBe(1);
    expect(counted.down).toBeGreaterThanOrEqual(4);
    const outages = lines.filter((line) => line.msg.includes('did not answer'));
    expect(outages).toHaveLength(1);
    expect(outages[0]).toMatchObject({ level: 40, engine: 'custom', reason: 'slow' });

    // Thawed, the store is asked again after a second, and answers.
    frozen.thaw();
    await sleep(1_100);
    await requests.unknownRoute();
    const recoveries = lines.filter((line) => line.msg.includes('answers again'));
    expect(recoveries).toHaveLength(1);
    expect(recoveries[0]).toMatchObject({ level: 40, engine: 'custom' });
    const after = await fallbacks();
    await requests.unknownRoute();
    expect(await fallbacks()).toEqual(after);
  });
});
