import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushConfig } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** Whether the server sends notifications to devices, and the key a browser subscribes with. */
export const getPushConfig = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiCall<PushConfig>('/me/push', { signal });

export const pushConfigQuery = queryOptions({
  queryKey: accountKeys.push,
  queryFn: ({ signal }) => getPushConfig({ signal }),
  staleTime: Infinity,
});

export const usePushConfig = () => useQuery(pushConfigQuery);
