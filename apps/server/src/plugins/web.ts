import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    hasWebApp: boolean;
  }
}

/**
 * Serves the built single-page app from the same origin as the API, so one cookie and one CSP
 * cover both. Hashed assets are cached for a year; index.html never is. Text files are sent as
 * the brotli or gzip copy the web build wrote beside them (apps/web/build-plugins.ts), whichever
 * the browser accepts, so nothing is compressed per request.
 */
export default fp<{ distDir: string; reservedPrefixes: string[] }>(
  async (app, { distDir, reservedPrefixes }) => {
    const present = existsSync(join(distDir, 'index.html'));
    app.decorate('hasWebApp', present);
    if (!present) {
      app.log.warn({ distDir }, 'web app not built; serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(distDir, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

    // A public page's shell also preloads the chunks of its first paint (dist/shells/<first path
    // segment>.html, written by the web build: apps/web/build-plugins.ts); any other page gets
    // index.html.
    const shellsDir = join(distDir, 'shells');
    const shells = new Set(
      existsSync(shellsDir)
        ? readdirSync(shellsDir)
            .filter((name) => name.endsWith('.html'))
            .map((name) => name.slice(0, -'.html'.length))
        : [],
    );

    // Every other page URL is a client-side route: answer with the app shell, which routes it.
    const shell = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      // A missing file (an old hashed asset, a typo) is a 404, not the app shell.
      const isFile = /\.[a-z0-9]+$/i.test(path) || path.startsWith('/assets/');
      if (isFile || reservedPrefixes.some((prefix) => path.startsWith(prefix))) {
        return reply.callNotFound();
      }
      reply.header('cache-control', 'no-cache');
      const segment = path.split('/')[1] || 'index';
      return reply.sendFile(shells.has(segment) ? `shells/${segment}.html` : 'index.html');
    };
    app.get('/', { schema: { hide: true } }, shell);
    app.get('/*', { schema: { hide: true } }, shell);
  },
  { name: 'web' },
);
