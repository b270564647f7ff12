// Maya's settings' choices as plain data, with no zod: the schemas (negotiation.ts) and the web's
// form read them from here.

/** The waits a business chooses from, in minutes (0: at once). */
export const NEGOTIATION_DELAYS = [0, 5, 10, 30, 60, 120, 240] as const;
/** The most blocked days kept. */
export const BLOCKED_DATES_MAX = 366;
