/** Every cache key of the account, defined once. The account itself is the session's user (lib/session.ts). */
export const accountKeys = {
  gallery: ['account', 'gallery'],
  notifications: ['account', 'notifications'],
} as const;
