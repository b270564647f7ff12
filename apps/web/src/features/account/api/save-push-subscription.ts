import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { currentSubscription, forgetDevicePush } from '../../../lib/push';
import { registerServiceWorkerNow } from '../../../lib/service-worker';
import { accountKeys } from './account-keys';

/** The key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * Subscribes this browser with the server's key and saves the subscription. Asks the browser's
 * permission first: call it from the person's click only. `denied` when they (or earlier) said no.
 */
export async function subscribeDevice(publicKey: string): Promise<'on' | 'denied' | 'dismissed'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const registration = await registerServiceWorkerNow();
  const subscription =
    (await currentSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await apiRequest(
    '/me/push-subscriptions',
    loadContracts().then((contracts) => contracts.pushSubscriptionSchema),
    { method: 'POST', body: subscription.toJSON() },
  );
  return 'on';
}

/** Switches this device's notifications on (asking permission) or off. */
export function useSwitchDevicePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ on, publicKey }: { on: boolean; publicKey: string }) =>
      on ? subscribeDevice(publicKey) : forgetDevicePush().then(() => 'off' as const),
    onSuccess: (state) => queryClient.setQueryData(accountKeys.pushDevice, state === 'on'),
  });
}
