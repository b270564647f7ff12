import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error.js';
import { buildProblem } from './problem.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

export interface MetricsOptions {
  /** Bearer token a scrape must carry; unset, a scrape needs none (METRICS_PORT only). */
  token: string | undefined;
  /** A port of its own for /metrics; unset, /metrics is on the app's port (with a token only). */
  port: number | undefined;
  host: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
function carriesToken(header: string | undefined, token: string): boolean {
  const match = header?.match(/^Bearer (\S+)$/);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Prometheus metrics: process defaults plus a request-duration histogram by route. They tell
 * an outsider about the traffic and the process, so they are served only when asked for: on a
 * port of their own (METRICS_PORT) or on the app's port to a scrape with METRICS_TOKEN.
 */
export default fp<MetricsOptions>(
  async (app, options) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    app.decorate('metrics', registry);

    app.addHook('onResponse', async (request, reply) => {
      // Unmatched URLs share one label so scanners cannot blow up the series count.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    const allowed = (request: IncomingMessage) =>
      options.token === undefined || carriesToken(request.headers.authorization, options.token);

    if (options.port !== undefined) {
      const port = options.port;
      const server: Server = createServer((request, response) => {
        const path = request.url?.split('?')[0];
        const send = (status: number, type: string, body: string) =>
          response.writeHead(status, { 'content-type': type }).end(body);
        if (request.method !== 'GET' || path !== '/metrics') {
          const problem = buildProblem('NOT_FOUND', 'Only GET /metrics is served on this port.');
          return send(404, 'application/problem+json', JSON.stringify(problem));
        }
        if (!allowed(request)) {
          response.setHeader('www-authenticate', 'Bearer');
          const problem = buildProblem('UNAUTHENTICATED', 'Send the metrics token.');
          return send(401, 'application/problem+json', JSON.stringify(problem));
        }
        registry.metrics().then(
          (text) => send(200, registry.contentType, text),
          (error: unknown) => {
            app.log.error({ err: error }, 'collecting metrics failed');
            send(500, 'text/plain', 'metrics unavailable');
          },
        );
      });
      // Opened with the app, so a port in use stops the start with a clear error.
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, options.host, () => {
            server.off('error', reject);
            resolve();
          });
        });
        server.on('error', (error) => app.log.error({ err: error }, 'metrics server error'));
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
      return;
    }

    const token = options.token;
    if (token === undefined) return;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!carriesToken(request.headers.authorization, token)) {
        throw new AppError('UNAUTHENTICATED', 'Send the metrics token.', undefined, {
          'www-authenticate': 'Bearer',
        });
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
