import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { servicesKeys } from './services-keys';

export const deleteService = (id: string) =>
  apiCall<null>(`/me/services/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSettled: () =>
      Promise.all(
        [servicesKeys.own, ['directory']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
