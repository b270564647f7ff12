/** Every cache key of Maya's settings, defined once. */
export const negotiationKeys = {
  /** The signed-in business's own settings (`/me/negotiation`). */
  settings: ['negotiation', 'settings'],
} as const;
