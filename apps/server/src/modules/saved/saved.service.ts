import type { FindSavedQuery, PublicProfile, SavedBusiness, SavedPage } from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/cursor.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { SavedRepository } from './saved.repository.js';

/**
 * Saved businesses: a client keeps a business to come back to. Only a client saves, and only a
 * business they may see (listed, no block either way); the list shows only those still visible.
 */
export function createSavedService({
  repository,
  directory,
}: {
  repository: SavedRepository;
  directory: Pick<DirectoryService, 'getPublicProfile' | 'findCards'>;
}) {
  function requireClient(actor: Actor): void {
    if (actor.role !== 'buyer')
      throw new AppError('FORBIDDEN', { key: 'errors:saved.clientsOnly' });
  }

  return {
    /** Saves a business the client may see; saving again answers the first time. */
    async save(actor: Actor, businessId: string, now = new Date()): Promise<SavedBusiness> {
      requireClient(actor);

      // The directory's own rule for a profile: listed, and no block either way.
      const profile = await directory
        .getPublicProfile(actor, { id: businessId })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
          throw error;
        });
      if (profile?.role !== 'seller') {
        throw new AppError('NOT_FOUND', { key: 'errors:saved.notFound' });
      }

      const savedAt = await repository.insert(actor.userId, businessId, now);
      return { businessId, savedAt: savedAt.toISOString() };
    },

    /** Forgets a saved business; one that was not saved changes nothing. */
    async unsave(actor: Actor, businessId: string): Promise<void> {
      requireClient(actor);
      await repository.delete(actor.userId, businessId);
    },

    /** The client's saved businesses that are visible now, as directory cards, the latest first. */
    async list(actor: Actor, query: FindSavedQuery): Promise<SavedPage> {
      requireClient(actor);
      const after = query.cursor ? decodeTimeIdCursor(query.cursor) : undefined;

      const rows = await repository.findShownPage(actor.userId, query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      const cards = await directory.findCards(page.map((row) => row.businessId));

      const last = page.at(-1);
      return {
        items: page.flatMap((row) => {
          const card: PublicProfile | undefined = cards.get(row.businessId);
          return card ? [{ ...card, saved: true, savedAt: row.savedAt.toISOString() }] : [];
        }),
        nextCursor:
          rows.length > query.limit && last
            ? encodeTimeIdCursor(last.savedAt, last.businessId)
            : null,
      };
    },

    /** Of `businessIds`, those the client saved (the directory's cards and profile say so). */
    savedAmong(buyerId: string, businessIds: string[]): Promise<Set<string>> {
      return repository.findSavedAmong(buyerId, businessIds);
    },

    /** Everything the account saved, for the data export. */
    async exportSaved(actor: Actor): Promise<{ businessId: string; savedAt: string }[]> {
      const rows = await repository.findAllOf(actor.userId);
      return rows.map((row) => ({
        businessId: row.businessId,
        savedAt: row.savedAt.toISOString(),
      }));
    },

    /** An account deleted leaves no saved row, as the client or as the business saved. */
    deleteSavedOf(userId: string): Promise<void> {
      return repository.deleteAllOf(userId);
    },
  };
}

export type SavedService = ReturnType<typeof createSavedService>;
