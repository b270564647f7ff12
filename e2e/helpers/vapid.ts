import { createECDH } from 'node:crypto';

/**
 * Web push keys for the suite's server (a P-256 pair, base64url, as `npx web-push
 * generate-vapid-keys` makes them), so the account page offers notifications on the device.
 */
export function vapidEnv(): Record<string, string> {
  const pair = createECDH('prime256v1');
  pair.generateKeys();
  return {
    VAPID_PUBLIC_KEY: pair.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: pair.getPrivateKey().toString('base64url'),
    VAPID_SUBJECT: 'mailto:e2e@mayamarket.example',
  };
}
