// What a business's services are priced in: the units, the currencies and the limits. Plain data
// with no zod (like sectors.ts), for the account's service form, the directory's price filter,
// the server's columns and the schemas alike. Each unit's words are the catalogs'
// (`services.units.<unit>` on the web).

/**
 * What one price buys: "€40 per hour", "R$ 900 per event". A value once listed stays valid (it
 * is API and stored); add new ones at the end of their group.
 */
export const serviceUnits = [
  'hour',
  'session',
  'day',
  'night',
  'week',
  'month',
  'event',
  'project',
  'post',
  'video',
  'item',
  'person',
  'visit',
  'square-metre',
] as const;
export type ServiceUnitName = (typeof serviceUnits)[number];

/** The currencies a service is priced in: euros (Portugal) and reais (Brazil), each service its own. */
export const currencies = ['EUR', 'BRL'] as const;
export type CurrencyCode = (typeof currencies)[number];

/** Minor units per major unit (cents per euro, centavos per real): both have two decimals. */
export const MINOR_UNITS = 100;

export const SERVICE_LIMITS = {
  /** Services one business lists. */
  perBusiness: 20,
  nameMax: 80,
  descriptionMax: 300,
  /** The highest price, in minor units: 10,000,000.00. */
  priceMax: 1_000_000_000,
} as const;
