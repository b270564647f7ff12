// Limits a screen uses without loading the schemas (plain data with no zod, like sectors.ts).

/** Long enough for any real message, short enough that an event stays under 8,000 bytes. */
export const MESSAGE_MAX_LENGTH = 2000;

/**
 * How many images a business's gallery holds on each plan. A gallery already longer (a plan
 * that ended) keeps its images, and may be reordered or shortened, but not grown.
 */
export const GALLERY_LIMITS = { free: 12, pro: 60 } as const;
