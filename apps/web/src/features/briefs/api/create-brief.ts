import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brief, CreateBriefBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { retryWhileLost } from '../../../lib/retry';
import { briefKeys } from './brief-keys';

const answerSchema = () => loadContracts().then((contracts) => contracts.briefResponseSchema);

/**
 * `POST /briefs`: the confirmed brief goes to the businesses chosen. Retried while the answer is
 * lost, under the same client id, which the server takes once (a retry answers 200 with the same
 * brief).
 */
export const createBrief = (body: CreateBriefBody): Promise<Brief> =>
  retryWhileLost(
    () =>
      apiRequest('/briefs', answerSchema(), { method: 'POST', body }).then(
        (answer) => answer.brief,
      ),
    { attempts: 4, maxDelayMs: 4000 },
  );

export function useCreateBrief() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrief,
    onSuccess: (brief) => {
      queryClient.setQueryData(briefKeys.one(brief.id), brief);
      void queryClient.invalidateQueries({ queryKey: briefKeys.list });
    },
  });
}

/** A new client id for a brief: the server stores a brief once per id. */
export const newBriefClientId = () => `brief-${crypto.randomUUID()}`;
