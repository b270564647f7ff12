import type { Block, Blocks } from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { BlocksRepository } from './blocks.repository.js';

/**
 * Blocks between two people. A block binds both ways: the directory, profiles and Maya hide
 * each from the other (the directory reads `blocks` in its queries), chats refuse sends and drop
 * typing and read events between them, digests and push leave their chat out.
 */
export function createBlocksService({
  repository,
  directory,
}: {
  repository: BlocksRepository;
  directory: Pick<DirectoryService, 'findChatPartners'>;
}) {
  /** The person to block or unblock: a live account other than the caller, else NOT_FOUND. */
  async function requireOther(actor: Actor, userId: string) {
    if (userId === actor.userId) {
      throw new AppError('VALIDATION_FAILED', 'You cannot block yourself.', {
        userId: 'Not yourself',
      });
    }
    const partner = (await directory.findChatPartners([userId])).get(userId);
    if (!partner || partner.deleted) throw new AppError('NOT_FOUND', 'This person does not exist.');
    return partner;
  }

  return {
    /** Blocks a person; blocking again answers the first block. */
    async block(actor: Actor, userId: string, now = new Date()): Promise<Block> {
      const user = await requireOther(actor, userId);
      const createdAt = await repository.insert(actor.userId, userId, now);
      return { user, createdAt: createdAt.toISOString() };
    },

    /** Lifts the caller's block; lifting one that is not there changes nothing. */
    async unblock(actor: Actor, userId: string): Promise<void> {
      if (userId === actor.userId) return;
      await repository.delete(actor.userId, userId);
    },

    /** The people the caller blocked, newest first. Only the caller's own blocks, never others'. */
    async list(actor: Actor): Promise<Blocks> {
      const rows = await repository.findBlockedBy(actor.userId);
      const partners = await directory.findChatPartners(rows.map((row) => row.blockedId));
      return {
        items: rows.flatMap((row) => {
          const user = partners.get(row.blockedId);
          return user ? [{ user, createdAt: row.createdAt.toISOString() }] : [];
        }),
      };
    },

    /** Whether either of the two blocks the other (read fresh: a block binds every process). */
    isBlockedBetween(a: string, b: string): Promise<boolean> {
      return repository.existsBetween(a, b);
    },

    /** Of `others`, the people `userId` blocked, with when: the chat list's block line. */
    blockedAmong(userId: string, others: string[]): Promise<Map<string, Date>> {
      return repository.findBlockedAmong(userId, others);
    },

    /** The caller's own blocks, for the data export. */
    async exportBlocks(actor: Actor) {
      const rows = await repository.findBlockedBy(actor.userId);
      return rows.map((row) => ({
        blockedUserId: row.blockedId,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** An account deleted leaves no block made or received. */
    deleteBlocksOf(userId: string): Promise<void> {
      return repository.deleteAllOf(userId);
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
