import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { chats } from './chats.js';
import { users } from './users.js';

/**
 * The original client's "main folders" (`/mainfolder/{projectId}`): a named list of chats. Each
 * user has their own folder names, so one user can neither read nor squat another's folder.
 */
export const legacyFolders = pgTable(
  'legacy_folders',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.projectId] })],
);

export const legacyFolderChats = pgTable(
  'legacy_folder_chats',
  {
    ownerId: uuid('owner_id').notNull(),
    projectId: text('project_id').notNull(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.projectId, table.chatId] }),
    foreignKey({
      name: 'legacy_folder_chats_folder_fk',
      columns: [table.ownerId, table.projectId],
      foreignColumns: [legacyFolders.ownerId, legacyFolders.projectId],
    }).onDelete('cascade'),
    index('legacy_folder_chats_chat_idx').on(table.chatId),
  ],
);
