import { fastifyCookie } from '@fastify/cookie';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import { Server, type Socket } from 'socket.io';
import { MessageType, type BroadcastOptions, type ClusterAdapter } from 'socket.io-adapter';
import type { z } from 'zod';
import type {
  ClientToServerEvents,
  ErrorCode,
  Problem,
  ServerToClientEvents,
} from '@maya/contracts';
import { Gauge } from 'prom-client';
import {
  applicationNames,
  createPostgresPool,
  type PostgresTimeouts,
  watchPool,
} from '../db/postgres-pool.js';
import { databaseUnavailableDetail, isDatabaseUnavailable } from '../db/unavailable.js';
import type { Actor } from '../lib/actor.js';
import { AppError } from '../lib/app-error.js';
import type { EventBus, SessionsTarget } from '../lib/events.js';
import { localeOfRequest } from '../lib/i18n/index.js';
import { problemWordsIn, type Sentence } from '../lib/i18n/sentences.js';
import { logRedisOutages } from '../lib/redis-outages.js';
import { bearerToken, SESSION_COOKIE } from './auth.js';
import { buildProblem } from './problem.js';

export interface SocketData {
  actor: Actor;
  /** The chat this socket's tab shows on a visible page (`chat:focus`), if any. */
  openChatId?: string;
}

/** Where people are looking, across every process sharing the adapter. */
export interface Presence {
  /** The chats the user has open on a visible page, on any of their sockets in any process. */
  openChats(userId: string): Promise<ReadonlySet<string>>;
  /** Whether the user has this chat open on a visible page somewhere (in any process). */
  isOnlineInChat(userId: string, chatId: string): Promise<boolean>;
  /** Whether the user has the app open anywhere, on any page (a socket in any process). */
  isConnected(userId: string): Promise<boolean>;
}

/**
 * How long a presence question waits for the other processes; past it, this process's own
 * sockets answer, so a slow or gone peer never holds a job.
 */
export const PRESENCE_TIMEOUT_MS = 1_000;

/** What processes tell each other through the adapter. */
interface InterServerEvents {
  'sessions:ended': (target: SessionsTarget) => void;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
    presence: Presence;
    /** Whether Redis answers, when events go through it (undefined otherwise). */
    redisReady: (() => Promise<boolean>) | undefined;
  }
}

export interface RealtimeOptions {
  publicUrl: string;
  databaseUrl: string | undefined;
  databaseTimeouts: PostgresTimeouts;
  /** The most connections of the PostgreSQL pool events go through (DATABASE_EVENTS_POOL_MAX). */
  databasePoolMax?: number;
  redisUrl: string | undefined;
  /**
   * Most sockets one user holds open; one more closes their oldest, in any process sharing the
   * adapter.
   */
  socketsPerUser: number;
  authenticate(token: string): Promise<Actor | undefined>;
  /** Sessions another process has ended (see EventBus.disconnect). */
  onSessionsEndedElsewhere(target: SessionsTarget): void;
  events: { attach(transport: EventBus): void };
}

/**
 * The cluster adapter delivers an event to this process's sockets only after its NOTIFY has
 * round-tripped through PostgreSQL, so every chat event would wait on the database. Here the
 * local sockets get it at once and the other processes get it when the NOTIFY lands; no event
 * relies on the order between processes.
 */
export function deliverLocallyFirst(adapter: ClusterAdapter): ClusterAdapter {
  const publishThenDeliver = adapter.broadcast.bind(adapter);
  const publish = (adapter as unknown as { publish(message: object): void }).publish.bind(adapter);
  adapter.broadcast = (packet: unknown, opts: BroadcastOptions) => {
    if (opts.flags?.local) return publishThenDeliver(packet, opts);
    void publishThenDeliver(packet, { ...opts, flags: { ...opts.flags, local: true } });
    publish({
      type: MessageType.BROADCAST,
      data: {
        packet,
        opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags },
      },
    });
    return Promise.resolve();
  };
  return adapter;
}

/**
 * The PostgreSQL adapter takes one client out of the pool for LISTEN and, when that connection
 * ends, takes a new one after a short delay, but never gives the dead one back: each database
 * restart would cost the pool a connection for good. Here a checked-out client is returned (as
 * broken, so the pool drops it) when its connection ends, and releasing it twice is harmless.
 */
export function listenerSafePool(pool: Pool): Pool {
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver) as unknown;
      // pool.query checks a client out through connect(callback) and returns it itself.
      return async (...args: unknown[]) => {
        if (args.length > 0) return (target.connect as (...rest: unknown[]) => unknown)(...args);
        const client = await target.connect();
        const release = client.release.bind(client);
        let released = false;
        const releaseOnce = (error?: Error | boolean) => {
          if (released) return;
          released = true;
          release(error);
        };
        client.release = releaseOnce;
        client.once('end', () => releaseOnce(new Error('connection ended')));
        return client;
      };
    },
  });
}

/** Whether `promise` resolves truthy within `ms` (false when it rejects or takes longer). */
function withinMs(ms: number, promise: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      (value) => Boolean(value),
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The shape of a session token (as `bearerToken` reads it); anything else is never looked up. */
const SESSION_TOKEN = /^[\w-]{20,200}$/;

/**
 * The session token of a handshake: `auth.token`, else a Bearer header, else the session cookie.
 * Every part of a handshake is the client's to shape, so each is checked for its type before use,
 * and the cookie header is read by the cookie library, which keeps a value it cannot decode as
 * it is instead of throwing.
 */
function handshakeToken(handshake: RealtimeSocket['handshake']): string | undefined {
  const auth: unknown = handshake.auth;
  const fromAuth =
    typeof auth === 'object' && auth !== null && 'token' in auth ? auth.token : undefined;
  const { authorization, cookie: cookieHeader } = handshake.headers;
  const token =
    (typeof fromAuth === 'string' ? fromAuth : undefined) ??
    (typeof authorization === 'string' ? bearerToken(authorization) : undefined) ??
    (typeof cookieHeader === 'string'
      ? fastifyCookie.parse(cookieHeader)[SESSION_COOKIE]
      : undefined);
  return token !== undefined && SESSION_TOKEN.test(token) ? token : undefined;
}

/** How a client event's ack is answered. */
export type AckAnswer = { ok: true } | { ok: false; error: Problem };

/**
 * A refusal in the socket's locale (the web's language cookie or Accept-Language of its
 * handshake), like an HTTP answer's (lib/i18n).
 */
function refusal(
  socket: RealtimeSocket,
  code: ErrorCode,
  detail: string | Sentence,
  errors?: Record<string, string>,
): AckAnswer {
  const words = problemWordsIn(
    localeOfRequest({ headers: socket.handshake.headers }),
    detail,
    errors,
  );
  return { ok: false, error: buildProblem(code, words.detail, undefined, words.errors) };
}

function answerOf(socket: RealtimeSocket, error: unknown, log: FastifyBaseLogger): AckAnswer {
  if (error instanceof AppError) {
    return refusal(socket, error.code, error.sentence ?? error.detail, error.errors);
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return refusal(socket, 'UNAVAILABLE', databaseUnavailableDetail);
  }
  log.error({ err: error }, 'socket event handler failed');
  return refusal(socket, 'INTERNAL', { key: 'errors:request.internal' });
}

/** The ack a client sent with an event (its last argument, when a function), made safe to call. */
function takeAck(args: unknown[]): (answer: AckAnswer) => void {
  const ack =
    typeof args.at(-1) === 'function' ? (args.pop() as (answer: AckAnswer) => void) : undefined;
  return (answer) => {
    try {
      ack?.(answer);
    } catch {
      // The connection is gone; there is nobody left to answer.
    }
  };
}

/**
 * Listens to a client event the way a route serves a request: the payload is checked with its
 * contract schema, the handler's failure becomes a problem in the ack (when the client sent
 * one), and nothing a handler throws or rejects with ever leaves this function.
 */
export function handleClientEvent<S extends z.ZodType>(
  socket: RealtimeSocket,
  event: keyof ClientToServerEvents,
  schema: S,
  handler: (payload: z.output<S>) => unknown,
  log: FastifyBaseLogger,
): void {
  (socket.on as (event: string, listener: (...args: unknown[]) => void) => void)(
    event,
    (...args) => {
      const answer = takeAck(args);
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) {
        answer(
          refusal(socket, 'VALIDATION_FAILED', {
            key: 'errors:request.eventPayload',
            values: { event },
          }),
        );
        return;
      }
      new Promise((resolve) => resolve(handler(parsed.data))).then(
        () => answer({ ok: true }),
        (error: unknown) => answer(answerOf(socket, error, log)),
      );
    },
  );
}

/**
 * Socket.IO on the same port and origin. A socket needs a live session; each joins the rooms of
 * its user and its session, so events reach every device of a user and logout can close exactly
 * the sockets of one session. Events cross processes through Redis or PostgreSQL when set.
 */
/** A `message:new` payload's message creation time (ms), if it has one. */
function createdAtOf(payload: unknown): number | undefined {
  const createdAt = (payload as { message?: { createdAt?: unknown } } | undefined)?.message
    ?.createdAt;
  const ms = typeof createdAt === 'string' ? Date.parse(createdAt) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

export default fp<RealtimeOptions>(
  async (app, options) => {
    const publicOrigin = new URL(options.publicUrl).origin;
    const io: RealtimeServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // WebSocket only: one connection that stays on the instance it reached, so several
      // instances behind a load balancer need no sticky sessions (long-polling would).
      transports: ['websocket'],
      maxHttpBufferSize: 64 * 1024,
      cors: { origin: [publicOrigin], credentials: true },
      // Browsers always send Origin; a page of another site may not open a socket with our cookie.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        const sameHost = `http://${request.headers.host}`;
        const sameHostTls = `https://${request.headers.host}`;
        callback(
          null,
          !origin || origin === publicOrigin || origin === sameHost || origin === sameHostTls,
        );
      },
    });

    const closers: (() => Promise<unknown>)[] = [];
    let clustered = false;
    let redisReady: (() => Promise<boolean>) | undefined;
    // Adapters load only when configured, so a single process starts without them.
    if (options.redisUrl) {
      const [{ createClient }, { createAdapter: createRedisAdapter }] = await Promise.all([
        import('redis'),
        import('@socket.io/redis-adapter'),
      ]);
      // Both clients reconnect by themselves with a growing, jittered delay; meanwhile commands
      // wait in their queue and /readyz reports Redis down. An unheard 'error' event would end
      // the process: an outage is logged as it starts and as it ends.
      const publisher = createClient({
        url: options.redisUrl,
        socket: {
          connectTimeout: 2_000,
          reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) + Math.random() * 100,
        },
      });
      const subscriber = publisher.duplicate();
      logRedisOutages(publisher, app.log, 'events publisher');
      logRedisOutages(subscriber, app.log, 'events subscriber');
      // The adapter publishes without waiting for the answer or catching it, and no request waits
      // on a publish. A publish Redis fails (its queue's timeout while disconnected, a dropped
      // connection) is caught here instead of becoming an unhandled rejection, and logged once
      // until the client is ready again.
      const publish = publisher.publish.bind(publisher);
      let publishFailed = false;
      publisher.on('ready', () => {
        publishFailed = false;
      });
      Object.assign(publisher, {
        publish: (...args: Parameters<typeof publish>) => {
          const sent = publish(...args);
          sent.catch((error: unknown) => {
            if (publishFailed) return;
            publishFailed = true;
            app.log.warn({ err: error }, 'events could not be published to Redis');
          });
          return sent;
        },
      });
      await Promise.all([publisher.connect(), subscriber.connect()]);
      io.adapter(createRedisAdapter(publisher, subscriber));
      clustered = true;
      redisReady = () =>
        withinMs(
          1_500,
          publisher.ping().then(() => subscriber.isReady),
        );
      closers.push(
        () => publisher.quit(),
        () => subscriber.quit(),
      );
    } else if (options.databaseUrl) {
      // The adapter holds one connection for LISTEN and publishes on the others. Its
      // transactions carry only NOTIFYs and short-lived attachments, so they need not wait for a
      // disk flush.
      const { createAdapter: createPostgresAdapter } = await import('@socket.io/postgres-adapter');
      const pool = await createPostgresPool(
        {
          connectionString: options.databaseUrl,
          max: options.databasePoolMax ?? 5,
          application_name: applicationNames.events,
          options: '-c synchronous_commit=off',
        },
        options.databaseTimeouts,
        app.log,
      );
      app.watchPool('realtime', watchPool(pool));
      const createNamespaceAdapter = createPostgresAdapter(listenerSafePool(pool), {
        heartbeatInterval: 5_000,
        errorHandler: (error: Error) => app.log.debug({ err: error }, 'realtime adapter error'),
      });
      // Socket.IO calls the factory with `new`, so it must be a function, not an arrow.
      io.adapter(function (nsp: Parameters<typeof createNamespaceAdapter>[0]) {
        return deliverLocallyFirst(createNamespaceAdapter(nsp));
      });
      clustered = true;
      closers.push(() => pool.end());
    }
    app.decorate('redisReady', redisReady);

    // Whatever a handshake holds, its end is a connect_error or a connection, never a throw.
    io.use((socket, next) => {
      let token: string | undefined;
      try {
        token = handshakeToken(socket.handshake);
      } catch {
        token = undefined;
      }
      if (!token) return next(new Error('unauthenticated'));
      new Promise<Actor | undefined>((resolve) => resolve(options.authenticate(token)))
        .then(
          (actor) => {
            if (!actor) return next(new Error('unauthenticated'));
            socket.data.actor = actor;
            next();
          },
          (error: unknown) => {
            app.log.warn({ err: error }, 'socket handshake could not check the session');
            next(new Error('unavailable'));
          },
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'socket connection failed'));
    });

    io.sockets.on('sessions:ended', (target) => options.onSessionsEndedElsewhere(target));

    // Each user's open sockets in this process, oldest first.
    const socketsByUser = new Map<string, RealtimeSocket[]>();

    /**
     * The cap across processes: the user's sockets everywhere (fetchSockets through the adapter),
     * and the oldest beyond the cap closed wherever they are. When another process cannot answer
     * in time, the cap of this process still holds.
     */
    async function capEverywhere(userId: string) {
      const sockets = await io.in(`user:${userId}`).fetchSockets();
      if (sockets.length <= options.socketsPerUser) return;
      sockets.sort(
        (a, b) =>
          a.handshake.issued - b.handshake.issued || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      for (const socket of sockets.slice(0, sockets.length - options.socketsPerUser)) {
        socket.disconnect(true);
      }
    }

    // Metrics: every event written to a socket of this process (local or from another process
    // through the adapter), and how long a new message took to get there from its creation.
    const { eventsDelivered, deliverySeconds } = app.meters;
    new Gauge({
      name: 'maya_sockets_open',
      help: 'Sockets open on this process',
      registers: [app.metrics],
      collect() {
        this.set(io.of('/').sockets.size);
      },
    });

    io.on('connection', (socket) => {
      socket.onAnyOutgoing((event: string, payload: unknown) => {
        eventsDelivered.inc({ event });
        const createdAt = event === 'message:new' ? createdAtOf(payload) : undefined;
        if (createdAt !== undefined) {
          deliverySeconds.observe(Math.max(0, (Date.now() - createdAt) / 1000));
        }
      });
      const { actor } = socket.data;
      const open = socketsByUser.get(actor.userId) ?? [];
      socketsByUser.set(actor.userId, open);
      open.push(socket);
      socket.once('disconnect', () => {
        const index = open.indexOf(socket);
        if (index >= 0) open.splice(index, 1);
        if (open.length === 0 && socketsByUser.get(actor.userId) === open) {
          socketsByUser.delete(actor.userId);
        }
      });
      while (open.length > options.socketsPerUser) open.shift()?.disconnect(true);

      Promise.resolve(socket.join([`user:${actor.userId}`, `session:${actor.sessionId}`])).then(
        () =>
          clustered
            ? capEverywhere(actor.userId).catch((error: unknown) =>
                app.log.warn({ err: error }, 'the socket cap could not reach every process'),
              )
            : undefined,
        (error: unknown) => {
          app.log.error({ err: error }, 'socket could not join its rooms');
          socket.disconnect(true);
        },
      );
      // An event no module listens to is answered, so a client waiting on its ack is not left
      // hanging (and learns it is unknown).
      socket.onAny((event: unknown, ...args: unknown[]) => {
        if (typeof event === 'string' && socket.listenerCount(event) > 0) return;
        takeAck(args)(refusal(socket, 'NOT_FOUND', { key: 'errors:request.noEvent' }));
      });
    });

    options.events.attach({
      toUsers(userIds, event, payload) {
        const rooms = userIds.map((id) => `user:${id}`);
        (io.to(rooms).emit as (event: string, payload: unknown) => boolean)(event, payload);
      },
      disconnect(target) {
        if (clustered) io.serverSideEmit('sessions:ended', target);
        if ('sessionId' in target) io.in(`session:${target.sessionId}`).disconnectSockets(true);
        else if (target.exceptSessionId)
          io.in(`user:${target.userId}`)
            .except(`session:${target.exceptSessionId}`)
            .disconnectSockets(true);
        else io.in(`user:${target.userId}`).disconnectSockets(true);
      },
    });

    app.decorate('io', io);
    async function socketsOf(userId: string) {
      const room = `user:${userId}`;
      let timer: NodeJS.Timeout | undefined;
      const everywhere = Promise.race([
        io.in(room).fetchSockets(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer from every process in ${PRESENCE_TIMEOUT_MS} ms`)),
            PRESENCE_TIMEOUT_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      return everywhere.catch(async (error: unknown) => {
        app.log.warn({ err: error }, 'presence answered from this process only');
        return io.local.in(room).fetchSockets();
      });
    }
    async function openChats(userId: string): Promise<ReadonlySet<string>> {
      const sockets = await socketsOf(userId);
      return new Set(sockets.flatMap((socket) => socket.data.openChatId ?? []));
    }
    app.decorate('presence', {
      openChats,
      isOnlineInChat: async (userId, chatId) => (await openChats(userId)).has(chatId),
      isConnected: async (userId) => (await socketsOf(userId)).length > 0,
    } satisfies Presence);
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      for (const close of closers) await close().catch(() => undefined);
    });
  },
  { name: 'realtime', dependencies: ['metrics'] },
);
