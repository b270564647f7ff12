import { createECDH } from 'node:crypto';

/** A P-256 private key's length: the server takes it as 43 base64url characters, no fewer. */
const PRIVATE_KEY_BYTES = 32;

/**
 * Web push keys for the suite's server (a P-256 pair, base64url, as `npx web-push
 * generate-vapid-keys` makes them), so the account page offers notifications on the device.
 * Node gives the private key without its leading zero bytes (one key in 256 starts with one); like
 * web-push, it is padded back to 32 bytes, or the server refuses its configuration.
 */
export function vapidEnv(): Record<string, string> {
  const pair = createECDH('prime256v1');
  pair.generateKeys();
  const key = pair.getPrivateKey();
  const padded = Buffer.concat([Buffer.alloc(PRIVATE_KEY_BYTES - key.length), key]);
  return {
    VAPID_PUBLIC_KEY: pair.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: padded.toString('base64url'),
    VAPID_SUBJECT: 'mailto:e2e@mayamarket.example',
  };
}
