import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Block, Blocks } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';

export const blockKeys = { all: ['blocks'] as const };

export const blocksQuery = queryOptions({
  queryKey: blockKeys.all,
  queryFn: ({ signal }) => apiCall<Blocks>('/me/blocks', { signal }),
});

/** The people the signed-in person blocked. */
export const useBlocks = () => useQuery(blocksQuery);

/**
 * Block or unblock a person. Afterwards every cached view that a block changes is read again:
 * the chats (their block line), the directory and profiles (who is found), the list of blocks.
 */
export function useBlockChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      blocked
        ? apiCall<Block>(`/me/blocks/${userId}`, { method: 'PUT' })
        : apiCall<null>(`/me/blocks/${userId}`, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all(
        [['blocks'], ['chats'], ['directory']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
