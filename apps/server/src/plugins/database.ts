import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { withRequestArrival } from '../db/background-work.js';
import type { DatabaseHandle, Database } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/**
 * Exposes the already-migrated database, counts its waits in /metrics (the PostgreSQL pool's, or
 * the embedded database's queue) and closes it with the app.
 */
export default fp<{ database: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app, { database, closeOnShutdown }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (database.pool) app.watchPool('app', database.pool);
    const stopQueue = database.observeQueue?.({
      waited: (seconds, request) =>
        app.meters.queueWaitSeconds.observe({ kind: request ? 'request' : 'background' }, seconds),
      refused: () => app.meters.queueRefused.inc(),
    });
    // Registered on PostgreSQL too, without samples, so the families are the same on both.
    new Gauge({
      name: 'maya_db_queue_waiting',
      help: 'Embedded database: statements waiting for their turn on the one connection now',
      registers: [app.metrics],
      collect() {
        if (database.queueWaiting) this.set(database.queueWaiting());
      },
    });
    app.addHook('onClose', async () => stopQueue?.());
    // The rest of each request runs knowing when it arrived: on the embedded database its
    // statements are refused once the request has waited DATABASE_QUEUE_TIMEOUT_MS in all.
    if (database.observeQueue) {
      app.addHook('onRequest', (_request, _reply, done) => {
        withRequestArrival(performance.now(), done);
      });
    }
    if (closeOnShutdown) app.addHook('onClose', () => database.close());
  },
  { name: 'database', dependencies: ['metrics'] },
);
