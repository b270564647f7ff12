import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  legacyFolderAnswerSchema,
  legacyFolderBodySchema,
  legacyProjectParamsSchema,
} from '@maya/contracts';
import { requireActor } from '../../plugins/auth.js';
import type { LegacyFoldersService } from './legacy.folders.service.js';
import { legacyOperation, legacyProblems } from './legacy.openapi.js';

/** The original client's chat folders (/mainfolder/{projectId}), each user's own. */
export const legacyFoldersRoutes: FastifyPluginAsyncZod<{ folders: LegacyFoldersService }> = async (
  app,
  { folders },
) => {
  app.get(
    '/mainfolder/:projectId',
    {
      schema: {
        ...legacyOperation('One of my chat folders (old client): its chat ids, in order'),
        params: legacyProjectParamsSchema,
        response: { 200: legacyFolderAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => ({
      data: await folders.get(requireActor(request), request.params.projectId),
    }),
  );

  app.put(
    '/mainfolder/:projectId',
    {
      schema: {
        ...legacyOperation(
          'Create or replace one of my chat folders (old client); every chat must be one of mine',
        ),
        params: legacyProjectParamsSchema,
        body: legacyFolderBodySchema,
        response: { 200: legacyFolderAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => ({
      data: await folders.save(requireActor(request), request.params.projectId, request.body.chats),
    }),
  );
};
