import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
// .env.example lists every key the server reads (apps/server/src/config.test.ts holds it to that).
const known = new Set(
  [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]),
);

describe('deployment files', () => {
  it('compose.yaml gives the app only keys the server reads', () => {
    const compose = read('compose.yaml');
    const appEnvironment = compose.slice(compose.indexOf('x-app:'), compose.indexOf('services:'));
    const keys = [...appEnvironment.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
  });

  it('the image starts the built server as a non-root user with a liveness check', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\n[^\n]*\/healthz/m);
    expect(dockerfile).toMatch(/^CMD \[.*apps\/server\/dist\/server\.mjs"\]$/m);
    for (const key of dockerfile.match(/^ENV ([\s\S]*?)\nWORKDIR/m)![1]!.matchAll(/([A-Z_]+)=/g)) {
      expect(known.has(key[1]), key[1]).toBe(true);
    }
  });
});
