import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A business a client saved. The row stays while the business is hidden, suspended or behind a
 * block, so it is listed again once the business is visible again; an account's deletion
 * deletes its rows either side (the accounts are kept, anonymised, so no cascade does it).
 */
export const savedBusinesses = pgTable(
  'saved_businesses',
  {
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    savedAt: at('saved_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.buyerId, table.businessId] }),
    // The list, the latest saved first, paged by keyset.
    index('saved_businesses_buyer_saved_idx').on(table.buyerId, table.savedAt, table.businessId),
    // A deleted business's rows, found without a scan.
    index('saved_businesses_business_idx').on(table.businessId),
    check('saved_businesses_not_self', sql`${table.buyerId} <> ${table.businessId}`),
  ],
);
