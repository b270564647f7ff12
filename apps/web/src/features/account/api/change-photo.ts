import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { sessionQuery } from '../../../lib/session';

/** A new photo (a client) or logo (a business): the server stores it, then removes the old one. */
export const changePhoto = (file: File) => {
  const body = new FormData();
  body.append('files', file, file.name);
  return apiRequest(
    '/me/photo',
    loadContracts().then((contracts) => contracts.meResponseSchema),
    { method: 'PUT', body },
  );
};

export function useChangePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhoto,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}
