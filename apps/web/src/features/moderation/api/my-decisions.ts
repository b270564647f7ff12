import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appeal, MyDecisions } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** The decisions about the signed-in member, each with its statement of reasons. */
export const useMyDecisions = () =>
  useQuery({
    queryKey: moderationKeys.mine(),
    queryFn: () => apiCall<MyDecisions>('/me/decisions'),
  });

export function useAppealDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      apiCall<Appeal>(`/me/decisions/${encodeURIComponent(id)}/appeal`, {
        method: 'POST',
        body: { text },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.mine() }),
  });
}
