import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateNotificationSettingsBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { accountKeys } from './account-keys';

/**
 * Only the fields given change. The schema loads on demand: the layout sends the mail language
 * from here when the interface language is switched, on screens that have no schemas chunk.
 */
export const updateNotificationSettings = (body: UpdateNotificationSettingsBody) =>
  apiRequest(
    '/me/notifications',
    loadContracts().then((contracts) => contracts.notificationSettingsSchema),
    { method: 'PATCH', body },
  );

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(accountKeys.notifications, settings),
  });
}
