/** Every cache key of the services, defined once. */
export const servicesKeys = {
  /** The signed-in business's own list (`/me/services`). */
  own: ['services', 'own'],
} as const;
