import { z } from 'zod';
import { idSchema } from './common.js';
import { currencies, SERVICE_LIMITS, serviceUnits } from './service-units.js';
import { multiLineText, singleLineText } from './text.js';

/**
 * A business's services with their prices (GET/POST /me/services, PUT/DELETE /me/services/{id},
 * PUT /me/services/order), as its profile and the directory's cards show them. Money is an
 * integer of minor units (cents, centavos) in the service's own currency; a price is a total a
 * client pays, VAT included.
 */

export const currencySchema = z.enum(currencies).meta({ id: 'Currency' });
export type Currency = z.infer<typeof currencySchema>;

export const serviceUnitSchema = z.enum(serviceUnits).meta({ id: 'ServiceUnit' });
export type ServiceUnit = z.infer<typeof serviceUnitSchema>;

/** An amount of money in minor units (4000 is €40.00 or R$ 40,00). */
export const minorAmountSchema = z
  .number()
  .int({ error: 'Use a whole number of cents.' })
  .min(1, { error: 'Use a price above zero.' })
  .max(SERVICE_LIMITS.priceMax, { error: 'Use a lower price.' });

export const serviceSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    /** The price, or the lowest of a range, in minor units, VAT included. */
    priceFrom: z.number().int(),
    /** The top of a range, or null for one price. */
    priceTo: z.number().int().nullable(),
    unit: serviceUnitSchema,
    currency: currencySchema,
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;

export const servicesSchema = z.object({ items: z.array(serviceSchema) }).meta({ id: 'Services' });
export type Services = z.infer<typeof servicesSchema>;

/** A service as its business writes it: the same body adds one and replaces one. */
export const serviceBodySchema = z
  .object({
    name: singleLineText()
      .min(1, { error: 'Required.' })
      .max(SERVICE_LIMITS.nameMax, { error: `Use at most ${SERVICE_LIMITS.nameMax} characters.` }),
    description: multiLineText()
      .max(SERVICE_LIMITS.descriptionMax, {
        error: `Use at most ${SERVICE_LIMITS.descriptionMax} characters.`,
      })
      .default(''),
    priceFrom: minorAmountSchema,
    priceTo: minorAmountSchema.nullable().default(null),
    unit: serviceUnitSchema,
    currency: currencySchema,
  })
  .refine((body) => body.priceTo === null || body.priceTo >= body.priceFrom, {
    path: ['priceTo'],
    error: 'The top of the range must not be below its start.',
  })
  .meta({ id: 'ServiceBody' });
export type ServiceBody = z.infer<typeof serviceBodySchema>;

export const serviceParamsSchema = z.object({ id: idSchema });

/** The business's services in a new order: every one of them, each once. */
export const orderServicesBodySchema = z
  .object({
    ids: z
      .array(idSchema)
      .max(SERVICE_LIMITS.perBusiness)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'A service appears twice.' }),
  })
  .meta({ id: 'OrderServicesBody' });
export type OrderServicesBody = z.infer<typeof orderServicesBodySchema>;

/**
 * The lowest starting price a business asks (a directory card's "from €40 per hour"): among the
 * services that fit the search's price filter when it has one, else among those in the currency
 * of its first service.
 */
export const fromPriceSchema = z
  .object({
    amount: z.number().int(),
    currency: currencySchema,
    unit: serviceUnitSchema,
  })
  .meta({ id: 'FromPrice' });
export type FromPrice = z.infer<typeof fromPriceSchema>;
