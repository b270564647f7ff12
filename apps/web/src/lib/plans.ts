import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '@maya/contracts';
import { apiCall } from './api-client';
import i18n from './i18n';

export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => apiCall<PlansResponse>('/plans', { signal }),
  staleTime: 10 * 60_000,
});

export const usePlans = () => useQuery(plansQuery);

/** In the interface's language unless told otherwise (R$ 147 in Portuguese, €147 in English). */
export function formatPrice(amount: number, currency: string, locale = i18n.language): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: amount % 1 ? 2 : 0,
  }).format(amount);
}
