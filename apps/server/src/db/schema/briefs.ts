import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { briefPriorities } from '@maya/contracts';
import { currencies } from '@maya/contracts/service-units';
import { deals } from './deals.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A buyer's brief (modules/briefs): one need, confirmed by the buyer, sent by Maya as quote
 * requests to a few businesses. What the businesses see is each deal's request; the brief itself
 * (its priority, what must be included, where it is measured from) stays the buyer's.
 */
export const briefs = pgTable(
  'briefs',
  {
    id: uuid('id').primaryKey(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's id for the confirmation: the same one twice sends once. */
    clientId: text('client_id').notNull(),
    need: text('need').notNull(),
    whenFrom: date('when_from', { mode: 'string' }).notNull(),
    whenTo: date('when_to', { mode: 'string' }).notNull(),
    whereText: text('where_text').notNull(),
    /** Where distances are measured from: the place named, else the buyer's own; may be unknown. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    budgetAmount: integer('budget_amount'),
    currency: text('currency', { enum: currencies }).notNull(),
    wanted: jsonb('wanted').$type<string[]>().notNull(),
    priority: text('priority', { enum: briefPriorities }).notNull(),
    /**
     * The businesses the buyer confirmed, in order, each with the service its request names: a
     * confirmation sent again finishes asking those not asked yet.
     */
    chosen: jsonb('chosen').$type<{ businessId: string; serviceId: string | null }[]>().notNull(),
    answerBy: at('answer_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('briefs_client_id_key').on(table.buyerId, table.clientId),
    index('briefs_buyer_idx').on(table.buyerId, table.createdAt),
    check('briefs_window', sql`${table.whenFrom} <= ${table.whenTo}`),
  ],
);

/**
 * The businesses a brief named: asked (its deal), or skipped with the reason (unavailable, or an
 * open negotiation with the buyer already). One row per business per brief.
 */
export const briefBusinesses = pgTable(
  'brief_businesses',
  {
    briefId: uuid('brief_id')
      .notNull()
      .references(() => briefs.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    skipped: text('skipped', { enum: ['unavailable', 'already_asked'] }),
  },
  (table) => [
    primaryKey({ columns: [table.briefId, table.businessId] }),
    index('brief_businesses_deal_idx').on(table.dealId),
    check('brief_businesses_outcome', sql`(${table.dealId} is null) <> (${table.skipped} is null)`),
  ],
);

export type BriefRow = typeof briefs.$inferSelect;
export type BriefBusinessRow = typeof briefBusinesses.$inferSelect;
