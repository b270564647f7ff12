import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../lib/api-client';
import { currentSubscription, endpointKey } from '../../../lib/push';
import { accountKeys } from './account-keys';

/**
 * Whether this browser is subscribed for the signed-in account: it holds a subscription and the
 * server has it saved for this account (a subscription left by someone else does not count).
 */
export async function getDeviceSubscribed({ signal }: { signal?: AbortSignal } = {}) {
  const subscription = await currentSubscription();
  if (!subscription) return false;
  const key = await endpointKey(subscription.endpoint);
  try {
    await apiCall(`/me/push-subscriptions/${key}`, { signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

export const deviceSubscribedQuery = queryOptions({
  queryKey: accountKeys.pushDevice,
  queryFn: ({ signal }) => getDeviceSubscribed({ signal }),
});

export const useDeviceSubscribed = (enabled: boolean) =>
  useQuery({ ...deviceSubscribedQuery, enabled });
