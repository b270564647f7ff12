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
// A signed-in screen's shell: index.html preloading the screen's code, with no page rendered in it.
const dashboard =
  '<!doctype html><title>Maya Market</title><link rel="modulepreload" href="/assets/dashboard.route-c3.js"><div id="root"></div>';

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

describe('a page rendered with its data', () => {
  // The web build's renderer (dist-ssr/render.mjs) as a stand-in: it draws the profile's name.
  const renderer = `
export function pageData(url) {
  const id = /^\\/sellers\\/([^/]+)$/.exec(url)?.[1];
  return id ? [{ path: '/api/v1/users/' + id, queryKey: ['users', id] }] : [];
}
export async function renderShell(shell, { route, url, data, origin }) {
  globalThis.mayaRenders = (globalThis.mayaRenders ?? 0) + 1;
  const name = data[0].data.fullName;
  if (name === 'Unrenderable') throw new Error('the page could not be drawn');
  return shell.replace('<div id="root"></div>', '<div id="root" data-route="' + route + '" data-origin="' + origin + '">' + url + ' ' + name + '</div>');
}`;
  const sellersShell = '<!doctype html><title>Maya Market</title><div id="root"></div>';
  const builtSellers = '<!doctype html><title>Maya Market</title><div id="root">skeleton</div>';
  const profiles = new Map<string, string>([
    ['glow', 'Glow Studio'],
    ['broken', 'Unrenderable'],
  ]);
  const renders = () => (globalThis as { mayaRenders?: number }).mayaRenders ?? 0;
  let root: string;
  let site: FastifyInstance;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'maya-web-ssr-'));
    const distDir = join(root, 'dist');
    const ssrDir = join(root, 'dist-ssr');
    await mkdir(join(distDir, 'shells'), { recursive: true });
    await mkdir(join(ssrDir, 'shells'), { recursive: true });
    await writeFile(join(distDir, 'index.html'), index);
    await writeFile(join(distDir, 'shells', 'sellers.html'), builtSellers);
    await writeFile(join(distDir, 'shells', 'pricing.html'), pricing);
    await writeFile(join(distDir, 'shells', 'dashboard.html'), dashboard);
    await writeFile(join(ssrDir, 'shells', 'sellers.html'), sellersShell);
    await writeFile(join(ssrDir, 'render.mjs'), renderer);
    await writeFile(
      join(ssrDir, 'pages.json'),
      JSON.stringify({
        sellers: { route: '/sellers/:id', namespaces: [] },
        pricing: { route: '/pricing', namespaces: [] },
      }),
    );
    site = Fastify({ logger: false });
    site.get<{ Params: { id: string } }>('/api/v1/users/:id', async (request, reply) => {
      if (request.params.id === 'down') return reply.code(503).send({ code: 'UNAVAILABLE' });
      const fullName = profiles.get(request.params.id);
      if (!fullName) return reply.code(404).send({ code: 'NOT_FOUND' });
      return { id: request.params.id, fullName };
    });
    await site.register(web, {
      distDir,
      reservedPrefixes: ['/api/'],
      publicUrl: 'https://maya.example',
    });
    await site.ready();
  });

  afterAll(async () => {
    await site.close();
    await rm(root, { recursive: true, force: true });
  });

  it("draws a seller's page with the profile the API answers, compressed and revalidated", async () => {
    const answer = await site.inject({
      url: '/sellers/glow?utm=mail',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(
      '<!doctype html><title>Maya Market</title><div id="root" data-route="/sellers/:id" data-origin="https://maya.example">/sellers/glow Glow Studio</div>',
    );

    const gzip = await site.inject({
      url: '/sellers/glow',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('Glow Studio');
  });

  it('draws a page again only when its data has changed', async () => {
    await site.inject({ url: '/sellers/glow' });
    const before = renders();
    expect((await site.inject({ url: '/sellers/glow' })).body).toContain('Glow Studio');
    expect(renders()).toBe(before);

    profiles.set('glow', 'Glow Studio Porto');
    expect((await site.inject({ url: '/sellers/glow' })).body).toContain('Glow Studio Porto');
    expect(renders()).toBe(before + 1);
  });

  it('answers a profile the API does not know with 404 and the shell, which shows "not found"', async () => {
    const answer = await site.inject({
      url: '/sellers/nobody',
      headers: { 'accept-encoding': '' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toBe(builtSellers);
  });

  it('falls back to the built shell when the API fails or the page cannot be drawn', async () => {
    for (const id of ['down', 'broken']) {
      const answer = await site.inject({
        url: `/sellers/${id}`,
        headers: { 'accept-encoding': '' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(builtSellers);
    }
  });

  it('sends the built shell of a page without data, and index.html for other routes', async () => {
    const before = renders();
    const pricingPage = await site.inject({ url: '/pricing', headers: { 'accept-encoding': '' } });
    expect(pricingPage.body).toBe(pricing);
    const inbox = await site.inject({ url: '/inbox', headers: { 'accept-encoding': '' } });
    expect(inbox.body).toBe(index);
    expect(renders()).toBe(before);
  });

  it("sends a signed-in screen's shell (never prerendered) as built, whatever the query", async () => {
    const before = renders();
    for (const url of ['/dashboard', '/dashboard?q=salon&sort=newest']) {
      const answer = await site.inject({ url, headers: { 'accept-encoding': '' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).toBe(dashboard);
    }
    expect(renders()).toBe(before);
  });
});
