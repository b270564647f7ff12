import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import web from './web.js';

// A web build as apps/web writes it: hashed assets, the shells, and a brotli and a gzip copy
// beside each text file (apps/web/build-plugins.ts).
const script = `export const answer = ${'42 + '.repeat(200)}0;\n`;
const index = '<!doctype html><title>Maya Market</title><div id="root"></div>';
const pricing =
  '<!doctype html><title>Maya Market</title><link rel="modulepreload" href="/assets/pricing.route-b2.js">';

let dist: string;
let app: FastifyInstance;

async function writeWithCopies(path: string, text: string) {
  await writeFile(path, text);
  await writeFile(`${path}.br`, brotliCompressSync(text));
  await writeFile(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'maya-web-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, 'shells'));
  await writeWithCopies(join(dist, 'index.html'), index);
  await writeWithCopies(join(dist, 'shells', 'pricing.html'), pricing);
  await writeWithCopies(join(dist, 'assets', 'index-a1.js'), script);
  await writeFile(join(dist, 'assets', 'tiny-c3.js'), 'export {};\n'); // too small to compress
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\n');
  app = Fastify({ logger: false });
  await app.register(web, { distDir: dist, reservedPrefixes: ['/api/'] });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends hashed assets as brotli, cached for a year as immutable', async () => {
    const answer = await app.inject({
      url: '/assets/index-a1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await app.inject({
      url: '/assets/index-a1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await app.inject({
      url: '/assets/index-a1.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    // A file without compressed copies is sent as it is.
    const tiny = await app.inject({
      url: '/assets/tiny-c3.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers page URLs with the compressed app shell, never cached without revalidation', async () => {
    const home = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(home.rawPayload).toString()).toBe(index);

    const inbox = await app.inject({ url: '/inbox/123', headers: { 'accept-encoding': 'gzip' } });
    expect(inbox.headers['content-encoding']).toBe('gzip');
    expect(inbox.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(inbox.rawPayload).toString()).toBe(index);
  });

  it("answers a public page with its shell, which preloads the page's chunks", async () => {
    const answer = await app.inject({
      url: '/pricing?from=home',
      headers: { 'accept-encoding': '' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe(pricing);
  });

  it('keeps files outside /assets revalidated, and missing files and reserved paths 404', async () => {
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/assets/gone-z9.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
  });
});
