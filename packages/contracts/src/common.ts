import { z } from 'zod';
import { sectors } from './sectors.js';
import { singleLineText } from './text.js';

export const idSchema = z.uuid();

export const roleSchema = z.enum(['buyer', 'seller']).meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

/** The sectors a business can choose (SPEC §1), "other" among them. */
export const sectorSchema = z.enum(sectors).meta({ id: 'Sector' });
export type Sector = z.infer<typeof sectorSchema>;
export { sectors };

/**
 * Degrees kept to seven decimals, about a centimetre. Finer digits are noise, and PostgreSQL's
 * trigonometry (the distance index) refuses the tiniest numbers, such as 1e-320, as an underflow.
 */
export function roundDegrees(degrees: number): number {
  // `|| 0` turns the -0 of a tiny negative number into 0.
  return Math.round(degrees * 1e7) / 1e7 || 0;
}

/** A latitude or longitude a client sends. */
export const latitudeSchema = z.number().min(-90).max(90).overwrite(roundDegrees);
export const longitudeSchema = z.number().min(-180).max(180).overwrite(roundDegrees);

/** A place as the API answers it. */
export const locationSchema = z
  .object({
    address: z.string(),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof locationSchema>;

/**
 * A place as a client sends it: the address is one line of text. No component id of its own:
 * the OpenAPI generator already names the request variant of `Location` "LocationInput".
 */
export const locationInputSchema = z.object({
  address: singleLineText().max(200),
  lat: latitudeSchema,
  lng: longitudeSchema,
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const pageQuerySchema = z.object({
  cursor: singleLineText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
