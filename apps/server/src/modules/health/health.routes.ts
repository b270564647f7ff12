import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema, healthSchema, readinessSchema } from '@maya/contracts';

export const healthRoutes: FastifyPluginAsyncZod<{ mapTileUrl: string }> = async (
  app,
  { mapTileUrl },
) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const up = await app.database.ping();
      reply.code(up ? 200 : 503);
      return {
        status: up ? ('ok' as const) : ('unavailable' as const),
        database: up ? ('up' as const) : ('down' as const),
      };
    },
  );

  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['health'],
        summary: 'Public settings for the web app (map tiles)',
        response: { 200: clientConfigSchema },
      },
    },
    async () => ({
      mapTileUrl,
      mapAttribution: '&copy; OpenStreetMap contributors',
    }),
  );
};
