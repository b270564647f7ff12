import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansResponseSchema } from '@maya/contracts';
import { apiRequest } from './api-client';

export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => apiRequest('/plans', plansResponseSchema, { signal }),
  staleTime: 10 * 60_000,
});

export const usePlans = () => useQuery(plansQuery);

export function formatPrice(amount: number, currency: string, locale = 'en'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: amount % 1 ? 2 : 0,
  }).format(amount);
}
