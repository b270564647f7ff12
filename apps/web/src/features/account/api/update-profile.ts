import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { sessionQuery } from '../../../lib/session';

/** Names, description, sector or place: only the fields given change. */
export const updateProfile = (body: UpdateProfileBody) =>
  apiRequest(
    '/me',
    loadContracts().then((contracts) => contracts.meResponseSchema),
    { method: 'PATCH', body },
  );

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}
