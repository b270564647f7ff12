import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Single-use sign-in links sent by mail; only the token's hash is kept. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('sign_in_links_user_idx').on(table.userId)],
);

/**
 * Browsers that signed in to an account before: one token per account in the browser's device
 * cookie, kept here as a hash. A known device is exempt from the sign-in pauses others can cause.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /**
     * The browser: every token of one device cookie shares it, so two accounts signed in on one
     * browser are known to share it (a review between them waits for an operator). Null for a
     * token written before it was kept.
     */
    browserId: uuid('browser_id'),
  },
  (table) => [
    index('known_devices_user_idx').on(table.userId),
    index('known_devices_last_used_idx').on(table.lastUsedAt),
    index('known_devices_browser_idx').on(table.browserId),
  ],
);
