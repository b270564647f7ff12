import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  /** The running build: the product's version and its git commit (`dev` when run from source). */
  version: z.string(),
  commit: z.string(),
});
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** Only when events between processes go through Redis. */
  redis: z.enum(['up', 'down']).optional(),
});

/** Public settings the web app needs at run time; never a secret. */
export const clientConfigSchema = z
  .object({
    mapTileUrl: z.string(),
    mapAttribution: z.string(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
