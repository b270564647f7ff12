import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Stored images. An avatar uploaded before sign-up has no owner until the sign-up claims it. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['avatar', 'gallery'] }).notNull(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerId),
    index('uploads_unclaimed_idx')
      .on(table.createdAt)
      .where(sql`owner_id is null`),
  ],
);

export const galleryItems = pgTable(
  'gallery_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.uploadId] })],
);

export type UploadRow = typeof uploads.$inferSelect;
