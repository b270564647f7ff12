import { apiCall } from './api-client';

/** Whether this browser can show web push notifications at all. */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** A subscription's name on the server: SHA-256 of its endpoint, base64url. */
export async function endpointKey(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** This browser's push subscription, if the service worker holds one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Stops this browser's notifications for the account: the server forgets the subscription and
 * the browser drops it. On sign-out, so the next person at this browser gets none of them.
 */
export async function forgetDevicePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const key = await endpointKey(subscription.endpoint);
  await apiCall(`/me/push-subscriptions/${key}`, { method: 'DELETE' }).catch(() => undefined);
  await subscription.unsubscribe();
}

/**
 * Drops this browser's subscription without asking the server, whose session is already gone:
 * a signed-out browser shows no one's messages. The push service then refuses the server's next
 * notification, and the server forgets the subscription.
 */
export async function dropDevicePush(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}
