import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { galleryItems, uploads, type UploadRow } from '../../db/schema/index.js';

export function createUploadsRepository(db: Database) {
  return {
    async insertUpload(values: typeof uploads.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      return row!;
    },

    /** Gives an unclaimed avatar to its new owner; a claimed or unknown one yields nothing. */
    async claimAvatar(id: string, ownerId: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(uploads)
        .set({ ownerId })
        .where(and(eq(uploads.id, id), isNull(uploads.ownerId), eq(uploads.kind, 'avatar')))
        .returning();
      return row;
    },

    async findUnclaimedAvatar(id: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), isNull(uploads.ownerId), eq(uploads.kind, 'avatar')));
      return row;
    },

    async findOwnedByIds(ownerId: string, ids: string[]): Promise<UploadRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(uploads)
        .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.id, ids)));
    },

    async findGallery(userId: string): Promise<UploadRow[]> {
      const rows = await db
        .select({ upload: uploads })
        .from(galleryItems)
        .innerJoin(uploads, eq(uploads.id, galleryItems.uploadId))
        .where(eq(galleryItems.userId, userId))
        .orderBy(asc(galleryItems.position));
      return rows.map((row) => row.upload);
    },

    /** Replaces the whole gallery in one transaction; returns the uploads that left it. */
    async replaceGallery(userId: string, uploadIds: string[]): Promise<UploadRow[]> {
      return db.transaction(async (tx) => {
        const before = await tx
          .select({ upload: uploads })
          .from(galleryItems)
          .innerJoin(uploads, eq(uploads.id, galleryItems.uploadId))
          .where(eq(galleryItems.userId, userId));
        await tx.delete(galleryItems).where(eq(galleryItems.userId, userId));
        if (uploadIds.length > 0) {
          await tx
            .insert(galleryItems)
            .values(uploadIds.map((uploadId, position) => ({ userId, uploadId, position })));
        }
        const removed = before
          .map((row) => row.upload)
          .filter((upload) => !uploadIds.includes(upload.id));
        if (removed.length > 0) {
          await tx.delete(uploads).where(
            inArray(
              uploads.id,
              removed.map((upload) => upload.id),
            ),
          );
        }
        return removed;
      });
    },

    async deleteUploads(ids: string[]): Promise<void> {
      if (ids.length > 0) await db.delete(uploads).where(inArray(uploads.id, ids));
    },

    async findUnclaimedBefore(before: Date): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploads)
        .where(and(isNull(uploads.ownerId), lt(uploads.createdAt, before)))
        .limit(500);
    },

    async findAllOwnedBy(ownerId: string): Promise<UploadRow[]> {
      return db.select().from(uploads).where(eq(uploads.ownerId, ownerId));
    },

    async findAvatarOf(ownerId: string): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploads)
        .where(and(eq(uploads.ownerId, ownerId), eq(uploads.kind, 'avatar')))
        .orderBy(sql`${uploads.createdAt} desc`);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
export type { UploadRow };
