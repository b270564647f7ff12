import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

export const getPlans = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiCall<PlansResponse>('/plans', { signal });

export const plansQuery = queryOptions({
  queryKey: billingKeys.plans,
  queryFn: getPlans,
  staleTime: 10 * 60_000,
});

export const usePlans = () => useQuery(plansQuery);
