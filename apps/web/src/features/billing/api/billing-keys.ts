/** Every cache key of billing, defined once. */
export const billingKeys = {
  plans: ['billing', 'plans'],
} as const;
