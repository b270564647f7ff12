import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { currencies, serviceUnits } from '@maya/contracts/service-units';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A business's services with their prices, in its own order. Money is integer minor units of
 * the row's currency, VAT included. Each change rewrites the owner's `users.services_text` (a
 * trigger, migration 0024), so the directory's search finds a business by its services' words.
 */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceFrom: integer('price_from').notNull(),
    priceTo: integer('price_to'),
    unit: text('unit', { enum: serviceUnits }).notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('services_user_position_idx').on(table.userId, table.position),
    // The directory's price filter and sort: one currency and unit, cheapest first.
    index('services_currency_unit_price_idx').on(
      table.currency,
      table.unit,
      table.priceFrom,
      table.userId,
    ),
    check(
      'services_price_range',
      sql`${table.priceFrom} > 0 and (${table.priceTo} is null or ${table.priceTo} >= ${table.priceFrom})`,
    ),
  ],
);

export type ServiceRow = typeof services.$inferSelect;

/** Which of a business's services a price search reads: one currency, maybe one unit and a budget. */
export interface PriceFilter {
  /** Not given: a service's own currency (a budget typed without one, "budget of 200"). */
  currency?: ServiceRow['currency'];
  unit?: ServiceRow['unit'];
  /** A price (or a range's top) at least this. */
  min?: number;
  /** A starting price at most this. */
  max?: number;
}

/** The conditions on a `services` row (named `alias` in the query) for a price filter. */
export function fitsPrice(alias: string, filter: PriceFilter): SQL {
  const row = sql.raw(alias);
  return sql.join(
    [
      ...(filter.currency ? [sql`${row}.currency = ${filter.currency}`] : [sql`true`]),
      ...(filter.unit ? [sql`${row}.unit = ${filter.unit}`] : []),
      ...(filter.max !== undefined ? [sql`${row}.price_from <= ${filter.max}::int`] : []),
      ...(filter.min !== undefined
        ? [sql`coalesce(${row}.price_to, ${row}.price_from) >= ${filter.min}::int`]
        : []),
    ],
    sql` and `,
  );
}

/** Whether the business `userId` lists a service that fits the filter. For other modules' SQL. */
export function offersWithin(userId: SQLWrapper, filter: PriceFilter): SQL {
  return sql`exists (select 1 from services as offered where offered.user_id = ${userId} and ${fitsPrice('offered', filter)})`;
}

/** The lowest starting price of the business's services that fit the filter (null: none). */
export function lowestPriceWithin(userId: SQLWrapper, filter: PriceFilter): SQL<number | null> {
  return sql<
    number | null
  >`(select min(priced.price_from) from services as priced where priced.user_id = ${userId} and ${fitsPrice('priced', filter)})`;
}
