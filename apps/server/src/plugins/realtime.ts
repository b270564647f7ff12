import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { MessageType, type BroadcastOptions, type ClusterAdapter } from 'socket.io-adapter';
import type { ClientToServerEvents, ServerToClientEvents } from '@maya/contracts';
import type { Actor } from '../lib/actor.js';
import type { EventBus, SessionsTarget } from '../lib/events.js';
import { bearerToken, SESSION_COOKIE } from './auth.js';

export interface SocketData {
  actor: Actor;
}

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
  }
}

export interface RealtimeOptions {
  publicUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
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

function cookieToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Socket.IO on the same port and origin. A socket needs a live session; each joins the rooms of
 * its user and its session, so events reach every device of a user and logout can close exactly
 * the sockets of one session. Events cross processes through Redis or PostgreSQL when set.
 */
export default fp<RealtimeOptions>(
  async (app, options) => {
    const publicOrigin = new URL(options.publicUrl).origin;
    const io: RealtimeServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
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
    // Adapters load only when configured, so a single process starts without them.
    if (options.redisUrl) {
      const [{ createClient }, { createAdapter: createRedisAdapter }] = await Promise.all([
        import('redis'),
        import('@socket.io/redis-adapter'),
      ]);
      const publisher = createClient({ url: options.redisUrl });
      const subscriber = publisher.duplicate();
      await Promise.all([publisher.connect(), subscriber.connect()]);
      io.adapter(createRedisAdapter(publisher, subscriber));
      clustered = true;
      closers.push(
        () => publisher.quit(),
        () => subscriber.quit(),
      );
    } else if (options.databaseUrl) {
      // The adapter holds one connection for LISTEN and publishes on the others. Its
      // transactions carry only NOTIFYs and short-lived attachments, so they need not wait for a
      // disk flush.
      const [{ default: pg }, { createAdapter: createPostgresAdapter }] = await Promise.all([
        import('pg'),
        import('@socket.io/postgres-adapter'),
      ]);
      const pool = new pg.Pool({
        connectionString: options.databaseUrl,
        max: 5,
        options: '-c synchronous_commit=off',
      });
      pool.on('error', (error) => app.log.error({ err: error }, 'realtime database pool error'));
      const createNamespaceAdapter = createPostgresAdapter(pool, { heartbeatInterval: 5_000 });
      // Socket.IO calls the factory with `new`, so it must be a function, not an arrow.
      io.adapter(function (nsp: Parameters<typeof createNamespaceAdapter>[0]) {
        return deliverLocallyFirst(createNamespaceAdapter(nsp));
      });
      clustered = true;
      closers.push(() => pool.end());
    }

    io.use((socket, next) => {
      const token =
        (typeof socket.handshake.auth.token === 'string'
          ? socket.handshake.auth.token
          : undefined) ??
        bearerToken(socket.handshake.headers.authorization) ??
        cookieToken(socket.handshake.headers.cookie);
      if (!token) return next(new Error('unauthenticated'));
      options
        .authenticate(token)
        .then((actor) => {
          if (!actor) return next(new Error('unauthenticated'));
          socket.data.actor = actor;
          next();
        })
        .catch(() => next(new Error('unavailable')));
    });

    io.sockets.on('sessions:ended', (target) => options.onSessionsEndedElsewhere(target));

    io.on('connection', (socket) => {
      const { actor } = socket.data;
      void socket.join([`user:${actor.userId}`, `session:${actor.sessionId}`]);
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
  { name: 'realtime' },
);
