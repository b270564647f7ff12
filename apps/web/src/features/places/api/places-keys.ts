/** Every cache key of places, defined once. */
export const placesKeys = {
  all: ['places'],
  suggestions: (text: string, language: string) =>
    [...placesKeys.all, 'suggestions', language, text] as const,
} as const;
