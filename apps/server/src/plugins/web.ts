import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE } from '../lib/i18n/index.js';
import { SESSION_COOKIE } from './auth.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface DataSource {
  path: string;
  queryKey: readonly unknown[];
}
interface PageQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** The web build's page renderer (apps/web/src/prerender.tsx, built into dist-ssr/render.mjs). */
interface PageRenderer {
  /** Whether the path is a page of the app (absent from an older build: every path is). */
  isPage?(path: string): boolean;
  pageData(url: string): DataSource[];
  signedInPage(path: string): { route: string; shell: string; namespaces: string[] } | undefined;
  signedInPageData(url: string, user: unknown): DataSource[];
  pageQueries(sources: DataSource[], answers: unknown[], user?: unknown): PageQuery[];
  renderShell(
    shell: string,
    page: {
      route: string;
      url: string;
      namespaces: string[];
      data: PageQuery[];
      origin?: string;
      display?: Display;
      warmIntl?: boolean;
    },
  ): Promise<string>;
}

/** The cookie the web app writes with its time zone (lib/display-cookies.ts), beside the language's. */
const TIME_ZONE_COOKIE = 'maya_tz';

/** How a browser asked for pages to be drawn: the language and time zone its cookies name. */
interface Display {
  language?: string;
  timeZone?: string;
}

/** A cookie's value as a language tag (`pt`) or an IANA zone (`America/Sao_Paulo`), else none. */
const DISPLAY_VALUE = /^[A-Za-z][A-Za-z0-9+_/-]{0,63}$/;

function displayOf(request: FastifyRequest): Display {
  const cookies = request.cookies as Record<string, string | undefined> | undefined;
  const valid = (value: string | undefined) =>
    value && DISPLAY_VALUE.test(value) ? value : undefined;
  return {
    language: valid(cookies?.[LANGUAGE_COOKIE]),
    timeZone: valid(cookies?.[TIME_ZONE_COOKIE]),
  };
}

/** Server-rendered pages kept for reuse while their data is unchanged. */
const RENDERED_PAGES_KEPT = 500;

declare module 'fastify' {
  interface FastifyInstance {
    hasWebApp: boolean;
  }
}

/**
 * Serves the built single-page app from the same origin as the API, so one cookie and one CSP
 * cover both. Hashed assets are cached for a year; index.html never is. Text files are sent as
 * the brotli or gzip copy the web build wrote beside them (apps/web/src/start/build-plugins.ts),
 * whichever the browser accepts, so nothing is compressed per request.
 */
export default fp<{
  distDir: string;
  ssrDir?: string;
  reservedPrefixes: string[];
  /** The origin people use (PUBLIC_URL): link previews of rendered pages name it. */
  publicUrl?: string;
}>(
  async (
    app,
    { distDir, ssrDir = join(distDir, '..', 'dist-ssr'), reservedPrefixes, publicUrl },
  ) => {
    const present = existsSync(join(distDir, 'index.html'));
    app.decorate('hasWebApp', present);
    if (!present) {
      app.log.warn({ distDir }, 'web app not built; serving the API only');
      return;
    }
    // The build's files are answered by the one route below, looked up in the list read here:
    // a route of their own for each (@fastify/static's `wildcard: false`) made a GET and a HEAD
    // route per file, over a thousand, and adding them was one of the longest steps of a start.
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(distDir, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const files = builtFiles(distDir);

    // A public page's shell also preloads the chunks of its first paint (dist/shells/<first path
    // segment>.html, written by the web build: apps/web/src/start/build-plugins.ts); any other
    // page gets index.html.
    const shellsDir = join(distDir, 'shells');
    const shells = new Set(
      existsSync(shellsDir)
        ? readdirSync(shellsDir)
            .filter((name) => name.endsWith('.html'))
            .map((name) => name.slice(0, -'.html'.length))
        : [],
    );

    const { renderPage, renderSignedIn, isPage } = serverRenderer(app, ssrDir, publicUrl);

    // Every other page URL is a client-side route: answer with the app shell, which routes it.
    const shell = async (request: FastifyRequest, reply: FastifyReply) => {
      // A file of the build, by its decoded path, as its own route would have matched it.
      const file = (request.params as { '*'?: string })['*'];
      if (file !== undefined && files.has(file)) return reply.sendFile(file);
      const path = request.url.split('?')[0] ?? '/';
      // A missing file (an old hashed asset, a typo) is a 404, not the app shell.
      const isFile = /\.[a-z0-9]+$/i.test(path) || path.startsWith('/assets/');
      if (isFile || reservedPrefixes.some((prefix) => path.startsWith(prefix))) {
        return reply.callNotFound();
      }
      // An address that is no page of the app: 404, with the page that says so (the build's
      // `404` shell, drawn; the app shell, which draws it, from an older build).
      if (!(await isPage(path))) {
        reply.code(404).header('cache-control', 'no-cache');
        return reply.sendFile(shells.has('404') ? 'shells/404.html' : 'index.html');
      }
      // Signed in, a page is the person's own (rendered for them, or the signed-in screen the
      // shell turns into): never one a shared cache may hand to someone else.
      reply.header('cache-control', 'no-cache').header('vary', 'cookie');
      const own = await renderSignedIn(request, reply);
      if (own !== undefined) {
        reply.header('cache-control', 'private, no-cache');
        return sendHtml(request, reply, own);
      }
      const segment = path.split('/')[1] || 'index';
      if (!shells.has(segment)) return reply.sendFile('index.html');
      // The page is drawn the same whatever its query, so the path alone is rendered, in the
      // language and time zone the browser named, so that it hydrates what it would draw.
      const rendered = await renderPage(segment, path, displayOf(request));
      if (rendered === 'missing') reply.code(404);
      else if (rendered !== undefined) return sendHtml(request, reply, rendered.html);
      return reply.sendFile(`shells/${segment}.html`);
    };
    const routeOptions = {
      schema: { hide: true },
      // A browser that leaves while a file streams is no error to answer.
      errorHandler(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
        if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
          request.raw.destroy();
          return;
        }
        return app.errorHandler(error, request, reply);
      },
    };
    app.get('/', routeOptions, shell);
    app.get('/*', routeOptions, shell);
  },
  { name: 'web' },
);

/**
 * The build's files by path (`assets/index-1a2b.js`), as @fastify/static's glob listed them: no
 * dotfile or dot folder (`.vite`), symbolic links followed.
 */
function builtFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      const kind = entry.isSymbolicLink() ? statSync(path, { throwIfNoEntry: false }) : entry;
      if (kind?.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else if (kind?.isFile()) files.add(`${prefix}${entry.name}`);
    }
  };
  walk(root, '');
  return files;
}

/**
 * A page that shows API data (a seller's profile) is rendered with that data when it is asked
 * for, so the browser paints the whole page, its largest image included, from the HTML, and
 * search engines and link previews read it. The data is what the API answers a signed-out
 * visitor, read through the app itself; the page is the build's shell with the render in it. A
 * page the API does not know is `missing` (the shell answers 404); undefined means the build's
 * shell as it is (a page without data, no renderer, or a render that failed).
 */
function serverRenderer(app: FastifyInstance, ssrDir: string, origin: string | undefined) {
  const renderer = join(ssrDir, 'render.mjs');
  if (!existsSync(renderer) || !existsSync(join(ssrDir, 'pages.json'))) {
    return {
      renderPage: async () => undefined,
      renderSignedIn: async () => undefined,
      isPage: async () => true,
    };
  }
  // Loaded with the first page that needs it, so a start stays light.
  let loaded: Promise<{ render: PageRenderer; pages: Record<string, PageSpec> }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([
      import(pathToFileURL(renderer).href) as Promise<PageRenderer>,
      readFile(join(ssrDir, 'pages.json'), 'utf8').then(
        (text) => JSON.parse(text) as Record<string, PageSpec>,
      ),
    ]).then(([render, pages]) => ({ render, pages })));
  const shellTexts = new Map<string, Promise<string>>();
  const shellText = (name: string) => {
    let text = shellTexts.get(name);
    if (!text) {
      text = readFile(join(ssrDir, 'shells', `${name}.html`), 'utf8');
      shellTexts.set(name, text);
    }
    return text;
  };
  const rendered = new Map<string, { answered: string; html: string }>();

  const renderPage = async (
    segment: string,
    url: string,
    display: Display = {},
  ): Promise<{ html: string } | 'missing' | undefined> => {
    try {
      const { render, pages } = await load();
      const page = pages[segment];
      const sources = page ? render.pageData(url) : [];
      if (!page || sources.length === 0) return undefined;

      const answers = await Promise.all(
        sources.map((source) => app.inject({ method: 'GET', url: source.path })),
      );
      if (answers.some((answer) => answer.statusCode === 400 || answer.statusCode === 404)) {
        return 'missing';
      }
      if (answers.some((answer) => answer.statusCode !== 200)) return undefined;

      // The answers as sent: a page whose data is unchanged is neither parsed nor drawn again.
      const answered = answers.map((answer) => answer.body).join('\n');
      const key = `${display.language ?? ''} ${display.timeZone ?? ''} ${url}`;
      const kept = rendered.get(key);
      if (kept?.answered === answered) return { html: kept.html };
      const data = sources.map((source, index) => ({
        queryKey: source.queryKey,
        data: answers[index]!.json<unknown>(),
      }));
      const html = await render.renderShell(await shellText(segment), {
        ...page,
        url,
        data,
        origin,
        display,
      });
      rendered.delete(key);
      rendered.set(key, { answered, html });
      if (rendered.size > RENDERED_PAGES_KEPT) rendered.delete(rendered.keys().next().value!);
      return { html };
    } catch (error) {
      app.log.error({ err: error, url }, 'rendering the page failed; answering its shell');
      return undefined;
    }
  };

  /**
   * A signed-in screen (the directory, the chats, Maya, the account) rendered for the person
   * asking: their session and the screen's first data are read through the app with their own
   * cookie and address (so every rule of the API applies as it would to the browser), and the
   * screen is drawn with them in the language and time zone their browser named
   * (lib/display-cookies.ts in the web app). Undefined (the build's shell) for a visitor, a
   * browser that has not named its time zone yet (its first visit), or any answer but 200;
   * never kept, since it is one person's.
   */
  const renderSignedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string | undefined> => {
    const cookies = request.cookies as Record<string, string | undefined> | undefined;
    const display = displayOf(request);
    if (!cookies?.[SESSION_COOKIE] || !display.timeZone || !request.headers.cookie) {
      return undefined;
    }
    const url = request.url;
    try {
      const { render } = await load();
      const page = render.signedInPage(url.split('?')[0] ?? '/');
      if (!page) return undefined;
      const read = (path: string) =>
        app.inject({
          method: 'GET',
          url: path,
          headers: { cookie: request.headers.cookie, accept: 'application/json' },
          remoteAddress: request.ip,
        });
      const session = await read('/api/v1/auth/session');
      // An expired session is cleared, as the browser's own request would have it cleared.
      const cleared = session.headers['set-cookie'];
      if (cleared) reply.header('set-cookie', cleared);
      const user = session.statusCode === 200 ? session.json<{ user: unknown }>().user : null;
      if (!user) return undefined;
      const sources = render.signedInPageData(url, user);
      const answers = await Promise.all(sources.map((source) => read(source.path)));
      if (answers.some((answer) => answer.statusCode !== 200)) return undefined;
      const data = render.pageQueries(
        sources,
        answers.map((answer) => answer.json<unknown>()),
        user,
      );
      return await render.renderShell(await shellText(page.shell), {
        route: page.route,
        url,
        namespaces: page.namespaces,
        data,
        display,
      });
    } catch (error) {
      app.log.error({ err: error }, 'rendering the signed-in page failed; answering its shell');
      return undefined;
    }
  };

  /** The router's answer; a renderer that cannot load leaves every path a page. */
  const isPage = async (path: string): Promise<boolean> => {
    try {
      const { render } = await load();
      return render.isPage?.(path) ?? true;
    } catch (error) {
      app.log.error({ err: error }, 'loading the page renderer failed');
      return true;
    }
  };

  return { renderPage, renderSignedIn, isPage };
}

interface PageSpec {
  route: string;
  namespaces: string[];
  /** False: the page formats nothing at first (the web's screens.json). */
  warmIntl?: boolean;
}

/** HTML made per request, compressed as the browser accepts (fast settings: it is small). */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('vary', 'cookie, accept-encoding');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return reply.send(await brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(await gzipAsync(html, { level: 6 }));
  }
  return reply.send(html);
}
