import { queryOptions } from '@tanstack/react-query';
import type { BriefDraft, BriefDraftBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { briefKeys } from './brief-keys';

const answerSchema = () => loadContracts().then((contracts) => contracts.briefDraftResponseSchema);

/** `POST /briefs/draft`: Maya's reading of the need, for the buyer to check. Nothing is sent. */
export const draftBrief = (body: BriefDraftBody, signal?: AbortSignal): Promise<BriefDraft> =>
  apiRequest('/briefs/draft', answerSchema(), { method: 'POST', body, signal }).then(
    (answer) => answer.draft,
  );

/**
 * Maya's reading of `text`, read once: a draft changes nothing on the server, so the same words
 * read again (after "Change the description") are answered from the cache, and only while the
 * form is open.
 */
export const briefDraftQuery = (text: string) =>
  queryOptions({
    queryKey: briefKeys.draft(text),
    queryFn: ({ signal }) => draftBrief({ text }, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
