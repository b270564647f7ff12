import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error.js';
import type { SqlExecutor } from '../db/job-queue.js';
import type { PoolWatch } from '../db/postgres-pool.js';
import { buildInfo } from '../lib/build-info.js';
import {
  registerEventLoopUtilization,
  registerJobBacklog,
  registerPoolGauges,
} from './metrics-samplers.js';
import { buildProblem } from './problem.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    /** The app's own counters, shared by the plugins and modules that move them. */
    meters: Meters;
    /**
     * Counts a PostgreSQL pool in /metrics under `name` (`app`, `limits`, `realtime`): its waits
     * for a client in maya_db_pool_wait_seconds, its connections on each scrape.
     */
    watchPool(name: string, pool: PoolWatch): void;
  }
}

/** How a chat message reached the app. (Chat sockets carry only typing; messages are sent over HTTP.) */
export type MessageTransport = 'v1' | 'legacy';

/**
 * The app's counters and histograms, in the app's registry. Every label has a small fixed set of
 * values (a transport, an event or mail kind, a limiter or route pattern, a provider, a pool).
 */
export interface Meters {
  messagesSent: Counter<'transport'>;
  /** Events written to this process's sockets, one per socket reached. */
  eventsDelivered: Counter<'event'>;
  /** A message's created_at to its `message:new` written to a socket of this process. */
  deliverySeconds: Histogram;
  mailQueued: Counter<'kind'>;
  mailSent: Counter<'kind'>;
  mailFailed: Counter<'kind'>;
  /** Web push notifications a push service accepted. */
  pushSent: Counter;
  /**
   * Web push notifications not delivered: `gone` (404/410, turned off), `refused`, `blocked` (the
   * endpoint's address is no longer allowed; nothing sent), `error`.
   */
  pushFailed: Counter<'reason'>;
  assistantRequests: Counter<'model' | 'outcome'>;
  assistantSeconds: Histogram<'model' | 'outcome'>;
  rateLimited: Counter<'limiter'>;
  /**
   * Limiter calls answered from this process's memory because the limits store (`redis`,
   * `postgres`) was too slow (`slow`), failed (`failed`) or was still down (`down`).
   */
  limiterFallbacks: Counter<'engine' | 'reason'>;
  /** PostgreSQL only: waiting for a pooled client (PGlite is one in-process connection). */
  poolWaitSeconds: Histogram<'pool'>;
  /**
   * The embedded database only: a statement's wait for its turn on the one connection, by kind
   * (`request`, limited by DATABASE_QUEUE_TIMEOUT_MS; `background`, the job queue's).
   */
  queueWaitSeconds: Histogram<'kind'>;
  /** The embedded database only: requests' statements refused (503) after waiting too long. */
  queueRefused: Counter;
}

export function createMeters(registry: Registry): Meters {
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Counter<L>({ name, help, labelNames, registers });
  return {
    messagesSent: counter('maya_messages_sent_total', 'Chat messages stored, by transport', [
      'transport',
    ]),
    eventsDelivered: counter(
      'maya_socket_events_delivered_total',
      "Socket events written to this process's sockets (one per socket), by event",
      ['event'],
    ),
    deliverySeconds: new Histogram({
      name: 'maya_message_delivery_seconds',
      help: "Seconds from a message's creation to its message:new on a socket of this process",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    mailQueued: counter('maya_mail_queued_total', 'Mails handed to the mailer, by kind', ['kind']),
    mailSent: counter('maya_mail_sent_total', 'Mails sent (or written to the outbox), by kind', [
      'kind',
    ]),
    mailFailed: counter('maya_mail_failed_total', 'Mails the mailer failed to send, by kind', [
      'kind',
    ]),
    pushSent: counter('maya_push_sent_total', 'Web push notifications a push service accepted', []),
    pushFailed: counter(
      'maya_push_failed_total',
      'Web push notifications not delivered, by reason (gone, refused, blocked, error)',
      ['reason'],
    ),
    assistantRequests: counter(
      'maya_assistant_requests_total',
      'Assistant requests, by model provider and outcome (ok, error, refused)',
      ['model', 'outcome'],
    ),
    assistantSeconds: new Histogram({
      name: 'maya_assistant_duration_seconds',
      help: "Seconds from an assistant request to its reply's end, by model provider and outcome",
      labelNames: ['model', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40],
      registers,
    }),
    rateLimited: counter('maya_rate_limited_total', 'Requests refused by a limit, by limiter', [
      'limiter',
    ]),
    limiterFallbacks: counter(
      'maya_limiter_fallbacks_total',
      "Limiter calls counted in this process's memory because the limits store was slow, failed or down, by engine and reason",
      ['engine', 'reason'],
    ),
    poolWaitSeconds: new Histogram({
      name: 'maya_db_pool_wait_seconds',
      help: 'Seconds waiting for a PostgreSQL pool client (opening one included), by pool',
      labelNames: ['pool'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    queueWaitSeconds: new Histogram({
      name: 'maya_db_queue_wait_seconds',
      help: 'Embedded database: seconds a statement waited for its turn on the one connection, by kind (request, background)',
      labelNames: ['kind'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers,
    }),
    queueRefused: counter(
      'maya_db_queue_refused_total',
      "Embedded database: requests' statements refused with 503 after waiting longer than DATABASE_QUEUE_TIMEOUT_MS",
      [],
    ),
  };
}

export interface MetricsOptions {
  /** Bearer token a scrape must carry; unset, a scrape needs none (METRICS_PORT only). */
  token: string | undefined;
  /** A port of its own for /metrics; unset, /metrics is on the app's port (with a token only). */
  port: number | undefined;
  host: string;
  /** Longest a scrape waits for the job backlog's count (it is left out past this). */
  sampleTimeoutMs?: number;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
function carriesToken(header: string | undefined, token: string): boolean {
  const match = header?.match(/^Bearer (\S+)$/);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Prometheus metrics: process defaults, a request-duration histogram by route and the app's own
 * meters (registered early, so the plugins after it count into them). They tell
 * an outsider about the traffic and the process, so they are served only when asked for: on a
 * port of their own (METRICS_PORT) or on the app's port to a scrape with METRICS_TOKEN.
 */
export default fp<MetricsOptions>(
  async (app, options) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    new Gauge({
      name: 'maya_build_info',
      help: 'The running build (always 1): version, git commit and Node.js version',
      labelNames: ['version', 'commit', 'node'],
      registers: [registry],
    }).set({ ...buildInfo }, 1);
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    const meters = createMeters(registry);
    app.decorate('meters', meters);
    registerEventLoopUtilization(registry);
    const addPool = registerPoolGauges(registry);
    app.decorate('watchPool', (name: string, pool: PoolWatch) => {
      pool.observeWait((seconds) => meters.poolWaitSeconds.observe({ pool: name }, seconds));
      addPool(name, () => pool.stats());
    });
    // Read on a scrape, by when the database (registered after this plugin) is there.
    registerJobBacklog(
      registry,
      (): SqlExecutor | undefined => (app.hasDecorator('database') ? app.database.sql : undefined),
      options.sampleTimeoutMs ?? 1_000,
    );

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
          response
            .writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
            .end(body);
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
