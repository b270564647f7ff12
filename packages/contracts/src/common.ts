import { z } from 'zod';
import { sectors } from './sectors.js';

export const idSchema = z.uuid();

export const roleSchema = z.enum(['buyer', 'seller']).meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

/** The four sectors the marketplace bridges (SPEC §1). */
export const sectorSchema = z.enum(sectors).meta({ id: 'Sector' });
export type Sector = z.infer<typeof sectorSchema>;
export { sectors };

export const locationSchema = z
  .object({
    address: z.string().trim().max(200),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof locationSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
