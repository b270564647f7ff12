import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Services } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { servicesKeys } from './services-keys';

/** Puts the business's services in the order of `ids` (every one of them, once). */
export const orderServices = (ids: string[]) =>
  apiCall<Services>('/me/services/order', { method: 'PUT', body: { ids } });

export function useOrderServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderServices,
    onSuccess: (services) => queryClient.setQueryData(servicesKeys.own, services),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['directory'] }),
  });
}
