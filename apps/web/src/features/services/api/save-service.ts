import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { servicesKeys } from './services-keys';

/** Adds a service (no `id`) or replaces one. */
export const saveService = ({ id, body }: { id?: string; body: ServiceBody }): Promise<Service> =>
  apiRequest(
    id ? `/me/services/${encodeURIComponent(id)}` : '/me/services',
    loadContracts().then((contracts) => contracts.serviceSchema),
    { method: id ? 'PUT' : 'POST', body },
  );

/** The list and the profiles and cards that show prices are read again afterwards. */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSettled: () =>
      Promise.all(
        [servicesKeys.own, ['directory']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
