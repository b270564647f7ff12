import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Payment provider events already applied: a redelivered event is recognised and skipped. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
