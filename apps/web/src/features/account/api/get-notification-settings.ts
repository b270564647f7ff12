import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** The person's mail settings: the unread-message mail, its message text and its language. */
export const getNotificationSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/me/notifications', notificationSettingsSchema, { signal });

export const notificationSettingsQuery = queryOptions({
  queryKey: accountKeys.notifications,
  queryFn: ({ signal }) => getNotificationSettings({ signal }),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);
