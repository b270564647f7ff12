import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const sides = ['buyer', 'business'] as const;

/**
 * One side's review of a completed deal: the buyer's of the business, or the business's of the
 * buyer. Double-blind: whether a review is published is decided when it is read, from the clock
 * and the deal's two rows (both written, or `window_ends_at` passed), as a deal's expiry is.
 *
 * `deal_id` is not a foreign key: a deleted buyer's deals go with the account, and the buyer's
 * published reviews stay, shown as a former client's (`author_id` set null).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    dealId: uuid('deal_id').notNull(),
    side: text('side', { enum: sides }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The person reviewed; the business's average is over the buyers' reviews of it. */
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    /** The deal's completion plus the review window: past it, what was written is published. */
    windowEndsAt: at('window_ends_at').notNull(),
    /** The business's one reply to a buyer's review, once published. */
    reply: text('reply'),
    repliedAt: at('replied_at'),
    /** An operator's decision took the review down (a report upheld): never shown again. */
    removedAt: at('removed_at'),
    /** An operator's decision took the business's reply down; it cannot be written again. */
    replyRemovedAt: at('reply_removed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('reviews_deal_side_unique').on(table.dealId, table.side),
    index('reviews_subject_idx').on(table.subjectId, table.side),
    index('reviews_author_idx').on(table.authorId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/**
 * A deal whose two accounts look like one owner's (a shared private mail domain): its reviews wait
 * for an operator, who releases them or removes them. Keyed by the deal, without a foreign key,
 * for the reason `reviews.deal_id` has none.
 */
export const reviewHolds = pgTable('review_holds', {
  dealId: uuid('deal_id').primaryKey(),
  businessId: uuid('business_id').references(() => users.id, { onDelete: 'set null' }),
  buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
  /** Why it was held: the signals that matched, e.g. `email_domain`. */
  reasons: jsonb('reasons').$type<string[]>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  decision: text('decision', { enum: ['released', 'removed'] }),
  decidedBy: uuid('decided_by'),
  decidedAt: at('decided_at'),
});

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewHoldRow = typeof reviewHolds.$inferSelect;
