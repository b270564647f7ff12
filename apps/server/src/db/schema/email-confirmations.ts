import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Single-use links that prove an address belongs to the account: `verify` confirms the email the
 * account has, `signup` does too and signs the person in (a new account's first way in), `change`
 * moves the account to `email` once it is followed. Only the token's hash is kept.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'signup', 'change'] }).notNull(),
    // The address the link was mailed to, and the one it confirms.
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('email_confirmations_user_idx').on(table.userId)],
);
