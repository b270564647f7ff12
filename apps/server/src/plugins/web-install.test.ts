import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.js';
import web from './web.js';

// The installable app's files as the web build writes them: the manifest and the service worker
// at the root (apps/web/service-worker-plugin.ts), beside index.html.
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'maya-web-install-'));
  await mkdir(join(dist, 'icons'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Maya Market</title>');
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Maya Market"}');
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  await writeFile(join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = Fastify({ logger: false });
  await app.register(web, { distDir: dist, reservedPrefixes: ['/api/'] });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the installable web app', () => {
  it('serves the web manifest with its own content type, revalidated on every use', async () => {
    const answer = await app.inject({ url: '/manifest.webmanifest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker from the root as JavaScript that is never used stale', async () => {
    const answer = await app.inject({ url: '/sw.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('lets the page register a worker and read a manifest of its own origin only', () => {
    const policy = contentSecurityPolicy('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("script-src 'self'");
  });
});
