/** Every cache key of the account, defined once. The account itself is the session's user (lib/session.ts). */
export const accountKeys = {
  gallery: ['account', 'gallery'],
  notifications: ['account', 'notifications'],
  push: ['account', 'push'],
  /** Whether this browser's subscription is saved for the account. */
  pushDevice: ['account', 'push', 'device'],
} as const;
