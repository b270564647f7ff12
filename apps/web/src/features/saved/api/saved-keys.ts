/** Every cache key of saved businesses, defined once. */
export const savedKeys = {
  all: ['saved'],
  list: () => [...savedKeys.all, 'list'] as const,
} as const;
