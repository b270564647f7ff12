// Limits a screen uses without loading the schemas (plain data with no zod, like sectors.ts).

/** Long enough for any real message, short enough that an event stays under 8,000 bytes. */
export const MESSAGE_MAX_LENGTH = 2000;
