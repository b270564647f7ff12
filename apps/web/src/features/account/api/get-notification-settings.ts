import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** The person's mail settings: the unread-message mail, its message text and its language. */
export const getNotificationSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiCall<NotificationSettings>('/me/notifications', { signal });

export const notificationSettingsQuery = queryOptions({
  queryKey: accountKeys.notifications,
  queryFn: ({ signal }) => getNotificationSettings({ signal }),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);
