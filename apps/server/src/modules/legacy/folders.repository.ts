import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { legacyFolderChats, legacyFolders } from '../../db/schema/index.js';

export function createFoldersRepository(db: Database) {
  return {
    /** The chat ids of one of the owner's folders, in order; undefined when it does not exist. */
    async findFolder(ownerId: string, projectId: string): Promise<string[] | undefined> {
      const [folder] = await db
        .select({ projectId: legacyFolders.projectId })
        .from(legacyFolders)
        .where(and(eq(legacyFolders.ownerId, ownerId), eq(legacyFolders.projectId, projectId)));
      if (!folder) return undefined;
      const rows = await db
        .select({ chatId: legacyFolderChats.chatId })
        .from(legacyFolderChats)
        .where(
          and(eq(legacyFolderChats.ownerId, ownerId), eq(legacyFolderChats.projectId, projectId)),
        )
        .orderBy(asc(legacyFolderChats.position));
      return rows.map((row) => row.chatId);
    },

    /** Creates the folder or replaces its chats, in one transaction. */
    async saveFolder(ownerId: string, projectId: string, chatIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .insert(legacyFolders)
          .values({ ownerId, projectId, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [legacyFolders.ownerId, legacyFolders.projectId],
            set: { updatedAt: now },
          });
        await tx
          .delete(legacyFolderChats)
          .where(
            and(eq(legacyFolderChats.ownerId, ownerId), eq(legacyFolderChats.projectId, projectId)),
          );
        if (chatIds.length > 0) {
          await tx
            .insert(legacyFolderChats)
            .values(chatIds.map((chatId, position) => ({ ownerId, projectId, chatId, position })));
        }
      });
    },
  };
}

export type FoldersRepository = ReturnType<typeof createFoldersRepository>;
