import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import web from './web.js';

// A web build as apps/web writes it: hashed assets, the shells, and a brotli and a gzip copy
// beside each text file (apps/web/src/start/build-plugins.ts).
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
  // The build tool's own folder: never served.
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, '.vite', 'manifest.json'), '{}');
  app = Fastify({ logger: false });
  // No renderer: the folder beside the temporary dist is /tmp's, which the test does not own.
  await app.register(web, {
    distDir: dist,
    ssrDir: join(dist, 'no-renderer'),
    reservedPrefixes: ['/api/'],
  });
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

  it('answers a file’s HEAD and a query after its path, and never a dot folder’s file', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');

    const queried = await app.inject({ url: '/assets/tiny-c3.js?v=2' });
    expect(queried.statusCode).toBe(200);
    expect(queried.body).toBe('export {};\n');

    const hidden = await app.inject({ url: '/.vite/manifest.json' });
    expect(hidden.statusCode).toBe(404);
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
export function isPage(path) {
  return /^\\/(|pricing|terms|inbox(\\/[^/]+)?|dashboard|sellers\\/[^/]+)$/.test(path);
}
export function pageData(url) {
  if (url.split('?')[0] === '/pricing') return [{ path: '/api/v1/plans', queryKey: ['plans'] }];
  const id = /^\\/sellers\\/([^/]+)$/.exec(url)?.[1];
  return id ? [{ path: '/api/v1/users/' + id, queryKey: ['users', id] }] : [];
}
export async function renderShell(shell, { route, url, data, origin, display }) {
  globalThis.mayaRenders = (globalThis.mayaRenders ?? 0) + 1;
  if (route === '/pricing') {
    const pro = data[0].data.plans.find((plan) => plan.id === 'pro');
    return shell.replace('<div id="root"></div>', '<div id="root" data-route="/pricing">Pro ' + pro.yearlyPrice + ' ' + pro.currency + ' a year</div>');
  }
  const name = data[0].data.fullName;
  if (name === 'Unrenderable') throw new Error('the page could not be drawn');
  const lang = display?.language ? ' data-lang="' + display.language + '"' : '';
  const zone = display?.timeZone ? ' data-zone="' + display.timeZone + '"' : '';
  return shell.replace('<div id="root"></div>', '<div id="root" data-route="' + route + '" data-origin="' + origin + '"' + lang + zone + '>' + url + ' ' + name + '</div>');
}`;
  const sellersShell = '<!doctype html><title>Maya Market</title><div id="root"></div>';
  const builtTerms = '<!doctype html><title>Maya Market</title><div id="root">terms</div>';
  const notFoundPage = '<!doctype html><title>Maya Market</title><div id="root">not found</div>';
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
    await writeFile(join(distDir, 'shells', 'terms.html'), builtTerms);
    await writeFile(join(distDir, 'shells', '404.html'), notFoundPage);
    await writeFile(join(ssrDir, 'shells', 'sellers.html'), sellersShell);
    await writeFile(join(ssrDir, 'shells', 'pricing.html'), index);
    await writeFile(join(ssrDir, 'render.mjs'), renderer);
    await writeFile(
      join(ssrDir, 'pages.json'),
      JSON.stringify({
        sellers: { route: '/sellers/:id', namespaces: [] },
        pricing: { route: '/pricing', namespaces: [] },
        terms: { route: '/terms', namespaces: [] },
        '404': { route: '*', namespaces: [] },
      }),
    );
    site = Fastify({ logger: false });
    await site.register(cookie);
    site.get('/api/v1/plans', async () => ({
      plans: [
        { id: 'free', yearlyPrice: 0, currency: 'EUR' },
        { id: 'pro', yearlyPrice: 147, currency: 'EUR' },
      ],
    }));
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

  it('draws a public page in the language and time zone the browser named, each kept apart', async () => {
    const portuguese = await site.inject({
      url: '/sellers/glow',
      cookies: { maya_lang: 'pt', maya_tz: 'America/Sao_Paulo' },
    });
    expect(portuguese.statusCode).toBe(200);
    expect(portuguese.headers.vary).toContain('cookie');
    expect(portuguese.body).toContain('data-lang="pt" data-zone="America/Sao_Paulo"');

    const before = renders();
    const english = await site.inject({ url: '/sellers/glow', cookies: { maya_lang: 'en' } });
    expect(english.body).toContain('data-lang="en">');
    expect(english.body).not.toContain('data-zone');
    // Each drawing is kept for its own readers: the Portuguese one is not drawn again.
    const again = await site.inject({
      url: '/sellers/glow',
      cookies: { maya_lang: 'pt', maya_tz: 'America/Sao_Paulo' },
    });
    expect(again.body).toBe(portuguese.body);
    expect(renders()).toBe(before + 1);

    // A cookie that is no language or zone is not passed on: the page is drawn as built.
    const odd = await site.inject({
      url: '/sellers/glow',
      cookies: { maya_lang: '"><script>', maya_tz: '../../etc' },
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.body).not.toContain('data-lang');
    expect(odd.body).not.toContain('<script>');
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
    const terms = await site.inject({ url: '/terms', headers: { 'accept-encoding': '' } });
    expect(terms.body).toBe(builtTerms);
    const inbox = await site.inject({ url: '/inbox', headers: { 'accept-encoding': '' } });
    expect(inbox.body).toBe(index);
    expect(renders()).toBe(before);
  });

  it("draws the pricing page with the plans the API answers: the price is in the server's HTML", async () => {
    const answer = await site.inject({ url: '/pricing', headers: { 'accept-encoding': '' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<div id="root" data-route="/pricing">Pro 147 EUR a year</div>');
  });

  it('answers an address that is no page with 404 and the not-found page, API paths as before', async () => {
    for (const url of ['/no-such-page', '/pricing/extra', '/sellers/a/b?x=1']) {
      const answer = await site.inject({ url, headers: { 'accept-encoding': '' } });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toBe(notFoundPage);
    }
    expect((await site.inject({ url: '/api/v1/nothing' })).headers['content-type']).not.toMatch(
      /^text\/html/,
    );
    for (const url of ['/', '/terms', '/inbox/abc', '/dashboard?view=map']) {
      expect((await site.inject({ url })).statusCode, url).toBe(200);
    }
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

describe('a signed-in screen rendered for the person asking', () => {
  // The renderer's signed-in side as a stand-in: the screen a path is, the answers it shows, and
  // a page that prints what it was drawn with.
  const renderer = `
export function pageData() { return []; }
export function signedInPage(path) {
  if (path === '/dashboard') return { route: '/dashboard', shell: 'dashboard', namespaces: ['pages'] };
  const chat = /^\\/inbox\\/([^/]+)$/.exec(path);
  return chat ? { route: '/inbox/:chatId', shell: 'dashboard', namespaces: [] } : undefined;
}
export function signedInPageData(url, user) {
  const chat = /^\\/inbox\\/([^/?]+)/.exec(url)?.[1];
  return [{ path: chat ? '/api/v1/chats/' + chat : '/api/v1/chats/unread', queryKey: ['k'] }];
}
export function pageQueries(sources, answers, user) {
  return [{ queryKey: ['session'], data: user }, ...answers.map((data) => ({ queryKey: ['k'], data }))];
}
export async function renderShell(shell, { route, url, namespaces, data, display }) {
  return shell.replace('<div id="root"></div>', '<div id="root" data-route="' + route + '">' +
    JSON.stringify({ url, namespaces, data, display }) + '</div>');
}`;
  const renderedShell = '<!doctype html><title>Maya Market</title><div id="root"></div>';
  const sessions = new Map([['ana-token', { id: 'ana', fullName: 'Ana Silva' }]]);
  const seen: { path: string; ip: string }[] = [];
  let root: string;
  let site: FastifyInstance;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'maya-web-own-'));
    const distDir = join(root, 'dist');
    const ssrDir = join(root, 'dist-ssr');
    await mkdir(join(distDir, 'shells'), { recursive: true });
    await mkdir(join(ssrDir, 'shells'), { recursive: true });
    await writeFile(join(distDir, 'index.html'), index);
    await writeFile(join(distDir, 'shells', 'dashboard.html'), dashboard);
    await writeFile(join(ssrDir, 'shells', 'dashboard.html'), renderedShell);
    await writeFile(join(ssrDir, 'render.mjs'), renderer);
    await writeFile(join(ssrDir, 'pages.json'), '{}');
    site = Fastify({ logger: false });
    await site.register(cookie);
    const userOf = (request: FastifyRequest) => sessions.get(request.cookies.maya_session ?? '');
    site.addHook('onRequest', async (request) => {
      seen.push({ path: request.url, ip: request.ip });
    });
    site.get('/api/v1/auth/session', async (request, reply) => {
      const user = userOf(request);
      if (!user && request.cookies.maya_session) reply.clearCookie('maya_session', { path: '/' });
      return { user: user ?? null };
    });
    site.get('/api/v1/chats/unread', async (request, reply) =>
      userOf(request) ? { messages: 2, chats: 1 } : reply.code(401).send({ code: 'UNAUTHORIZED' }),
    );
    // Ana's chat is hers; any other is not found for her.
    site.get<{ Params: { id: string } }>('/api/v1/chats/:id', async (request, reply) =>
      userOf(request) && request.params.id === 'ana-chat'
        ? { id: 'ana-chat', partner: 'Glow Studio' }
        : reply.code(404).send({ code: 'NOT_FOUND' }),
    );
    await site.register(web, { distDir, reservedPrefixes: ['/api/'] });
    await site.ready();
  });

  afterAll(async () => {
    await site.close();
    await rm(root, { recursive: true, force: true });
  });

  const page = (url: string, cookies: string) =>
    site.inject({
      url,
      headers: { cookie: cookies, 'accept-encoding': '' },
      remoteAddress: '203.0.113.9',
    });
  const drawn = (body: string) =>
    JSON.parse(/<div id="root"[^>]*>(.*)<\/div>/.exec(body)?.[1] ?? 'null') as {
      url: string;
      namespaces: string[];
      data: { queryKey: string[]; data: unknown }[];
      display: { language?: string; timeZone?: string };
    } | null;

  it("draws the screen with the person's session and data, in their language and time zone, for them alone", async () => {
    seen.length = 0;
    const answer = await page(
      '/dashboard?q=salon',
      'maya_session=ana-token; maya_lang=pt; maya_tz=America/Sao_Paulo',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers.vary).toMatch(/cookie/i);
    const page_ = drawn(answer.body);
    expect(page_).toEqual({
      url: '/dashboard?q=salon',
      // With the long texts the screen shows.
      namespaces: ['pages'],
      data: [
        { queryKey: ['session'], data: { id: 'ana', fullName: 'Ana Silva' } },
        { queryKey: ['k'], data: { messages: 2, chats: 1 } },
      ],
      display: { language: 'pt', timeZone: 'America/Sao_Paulo' },
    });
    // Read through the app as the browser would have: from the person's own address.
    expect(seen.filter(({ path }) => path.startsWith('/api/'))).toEqual([
      { path: '/api/v1/auth/session', ip: '203.0.113.9' },
      { path: '/api/v1/chats/unread', ip: '203.0.113.9' },
    ]);
  });

  it('sends the built shell to a browser that has not named its time zone, and to a visitor', async () => {
    for (const cookies of ['maya_session=ana-token', 'maya_tz=UTC', '']) {
      const answer = await page('/dashboard', cookies);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toMatch(/cookie/i);
      expect(answer.body).toBe(dashboard);
    }
  });

  it('sends the built shell for an ended session, and clears its cookie as the API does', async () => {
    const answer = await page('/dashboard', 'maya_session=ended-token; maya_tz=UTC');
    expect(answer.body).toBe(dashboard);
    expect(String(answer.headers['set-cookie'])).toMatch(/^maya_session=;/);
  });

  it("never draws another person's chat: the API's refusal leaves the built shell", async () => {
    const own = await page('/inbox/ana-chat', 'maya_session=ana-token; maya_tz=UTC');
    expect(drawn(own.body)?.data[1]).toEqual({
      queryKey: ['k'],
      data: { id: 'ana-chat', partner: 'Glow Studio' },
    });
    const other = await page('/inbox/bruno-chat', 'maya_session=ana-token; maya_tz=UTC');
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('bruno-chat');
    expect(other.body).toBe(index);
  });
});
