import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.js';

/** The app's log lines, as JSON objects. */
const lines: Record<string, any>[] = [];
const { app } = await buildTestApp(
  { LOG_LEVEL: 'info' },
  { overrides: { logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } } },
);

describe('request logs', () => {
  it('keep the path and the other parameters but never a token in the query', async () => {
    const urls = [
      '/reset-password?token=ResetSecret0123456789abcdefghijklmnopqrstuv',
      '/sign-in-link?token=LinkSecret0123456789abcdefghijklmnopqrstuvw&lang=pt',
      '/api/v1/users?q=nails&access_token=ApiSecret01&refreshToken=ApiSecret02',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });

    const logged = lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => line.req.url);
    expect(logged).toEqual([
      '/reset-password?token=[redacted]',
      '/sign-in-link?token=[redacted]&lang=pt',
      '/api/v1/users?q=nails&access_token=[redacted]&refreshToken=[redacted]',
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/Secret/);
  });
});
