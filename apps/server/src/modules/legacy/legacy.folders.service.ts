import type { LegacyFolder } from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { ChatsService } from '../chats/chats.service.js';
import type { FoldersRepository } from './folders.repository.js';

/**
 * `/mainfolder/{projectId}`: each user's own named lists of chats. Folder names are per user, so
 * another user asking for the same name finds nothing (404, the same as a name never used), and
 * a folder can only list chats its owner is a member of (checked by the chats service).
 */
export function createLegacyFoldersService(repository: FoldersRepository, chats: ChatsService) {
  return {
    async get(actor: Actor, projectId: string): Promise<LegacyFolder> {
      const chatIds = await repository.findFolder(actor.userId, projectId);
      if (!chatIds) throw new AppError('NOT_FOUND', 'This folder does not exist.');
      return { _id: projectId, chats: chatIds };
    },

    async save(actor: Actor, projectId: string, chatIds: string[]): Promise<LegacyFolder> {
      const unique = [...new Set(chatIds)];
      for (const chatId of unique) await chats.getChat(actor, chatId);
      await repository.saveFolder(actor.userId, projectId, unique);
      return { _id: projectId, chats: unique };
    },
  };
}

export type LegacyFoldersService = ReturnType<typeof createLegacyFoldersService>;
