import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MayaLog } from '@maya/contracts';
import { mayaStopReasons, type MayaStopReason } from '@maya/contracts/negotiation-limits';
import { deals } from './deals.js';
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

export type { MayaStopReason };
type MayaLogEntry = MayaLog['entries'][number];

/**
 * A negotiation Maya answers for a business, from the buyer's move that called her in: active
 * while she answers, handed over (with the reason) once she stops for good, closed when the
 * negotiation ended under her. At most one per deal.
 */
export const mayaNegotiations = pgTable(
  'maya_negotiations',
  {
    dealId: uuid('deal_id')
      .primaryKey()
      .references(() => deals.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id').notNull(),
    serviceId: uuid('service_id'),
    status: text('status', { enum: ['active', 'handed_over', 'closed'] })
      .notNull()
      .default('active'),
    stopReason: text('stop_reason', { enum: mayaStopReasons }),
    startedAt: at('started_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
  },
  (table) => [
    index('maya_negotiations_chat_idx').on(table.chatId, table.status),
    // One Maya negotiation per buyer, per service, per 30 days.
    index('maya_negotiations_pair_idx').on(
      table.businessId,
      table.buyerId,
      table.serviceId,
      table.startedAt,
    ),
  ],
);

/**
 * Maya's log for the business, one row per automated step: the rule that decided and what it
 * read (list price, round, counter, floor…), the act, and the outbound check's result with the
 * words sent. Read only by the business.
 */
export const mayaLog = pgTable(
  'maya_log',
  {
    id: uuid('id').primaryKey(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    rule: text('rule').notNull(),
    inputs: jsonb('inputs').$type<MayaLogEntry['inputs']>().notNull(),
    act: jsonb('act').$type<MayaLogEntry['act']>().notNull(),
    check: jsonb('check').$type<MayaLogEntry['check']>().notNull(),
    text: text('text').notNull(),
  },
  (table) => [index('maya_log_deal_idx').on(table.dealId, table.at)],
);

export type MayaNegotiationRow = typeof mayaNegotiations.$inferSelect;
export type MayaLogRow = typeof mayaLog.$inferSelect;
