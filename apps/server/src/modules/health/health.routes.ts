import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema, healthSchema, readinessSchema } from '@maya/contracts';
import { buildInfo } from '../../lib/build-info.js';
import { security } from '../../plugins/auth.js';

export const healthRoutes: FastifyPluginAsyncZod<{ mapTileUrl: string }> = async (
  app,
  { mapTileUrl },
) => {
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
      // Both checks are bounded (1.5 s each, side by side), so a frozen dependency turns the
      // probe 503 instead of holding it.
      const [database, redis] = await Promise.all([
        app.database.ping(),
        app.redisReady?.() ?? Promise.resolve(undefined),
      ]);
      // A server that is shutting down still answers, but sends the load balancer elsewhere.
      const up = database && redis !== false && !app.draining;
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
