import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { services } from './services.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Maya answering a business's quote requests (modules/negotiation): whether she does, how long
 * she waits, how many counters she makes, and the days the business cannot take. One row per
 * business, written when it first saves its choices; an account's deletion deletes it.
 */
export const negotiationSettings = pgTable(
  'negotiation_settings',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    answerAfterMinutes: integer('answer_after_minutes').notNull().default(10),
    atOnceWhenOffline: boolean('at_once_when_offline').notNull().default(true),
    counterLimit: integer('counter_limit').notNull().default(3),
    blockedDates: date('blocked_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('negotiation_settings_delay', sql`${table.answerAfterMinutes} between 0 and 1440`),
    check('negotiation_settings_counters', sql`${table.counterLimit} between 1 and 10`),
  ],
);

/**
 * The services Maya may offer for a business, each with its floor and keep-back in the
 * service's own minor units. A deleted service takes its row with it. The floor never leaves the
 * business's own reads.
 */
export const negotiationServiceLimits = pgTable(
  'negotiation_service_limits',
  {
    serviceId: uuid('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    floor: integer('floor').notNull(),
    keepBack: integer('keep_back').notNull(),
  },
  (table) => [
    index('negotiation_service_limits_business_idx').on(table.businessId),
    check('negotiation_service_limits_amounts', sql`${table.floor} > 0 and ${table.keepBack} >= 0`),
  ],
);

export type NegotiationSettingsRow = typeof negotiationSettings.$inferSelect;
export type NegotiationServiceLimitsRow = typeof negotiationServiceLimits.$inferSelect;
