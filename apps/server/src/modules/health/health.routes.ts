import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Gauge } from 'prom-client';
import { clientConfigSchema, healthSchema, readinessSchema } from '@maya/contracts';
import { buildInfo } from '../../lib/build-info.js';
import { security } from '../../plugins/auth.js';

/**
 * What /readyz answers: the database (and Redis, when events go through it) within 1.5 s each,
 * side by side, so a frozen dependency turns the probe 503 instead of holding it; and not
 * draining, since a server that is shutting down still answers but sends the load balancer
 * elsewhere.
 */
async function readiness(app: FastifyInstance) {
  const [database, redis] = await Promise.all([
    app.database.ping(),
    app.redisReady?.() ?? Promise.resolve(undefined),
  ]);
  return { ready: database && redis !== false && !app.draining, database, redis };
}

export const healthRoutes: FastifyPluginAsyncZod<{ mapTileUrl: string }> = async (
  app,
  { mapTileUrl },
) => {
  // The same answer on each scrape, so an alert sees an instance that is up but not ready.
  new Gauge({
    name: 'maya_ready',
    help: 'Whether this process would answer /readyz 200 now (1) or 503 (0)',
    registers: [app.metrics],
    async collect() {
      this.set((await readiness(app)).ready ? 1 : 0);
    },
  });

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up, and which build it runs',
        security: security.none,
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const, version: buildInfo.version, commit: buildInfo.commit }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary:
          'The database (and Redis, when events go through it) answers, within 2 s, and the server is not shutting down',
        security: security.none,
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const { ready: up, database, redis } = await readiness(app);
      reply.code(up ? 200 : 503);
      return {
        status: up ? ('ok' as const) : ('unavailable' as const),
        database: database ? ('up' as const) : ('down' as const),
        ...(redis === undefined ? {} : { redis: redis ? ('up' as const) : ('down' as const) }),
      };
    },
  );

  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['health'],
        summary: 'Public settings for the web app (map tiles)',
        security: security.none,
        response: { 200: clientConfigSchema },
      },
    },
    async () => ({
      mapTileUrl,
      mapAttribution: '&copy; OpenStreetMap contributors',
    }),
  );
};
