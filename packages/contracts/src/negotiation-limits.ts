// Maya's settings' choices as plain data, with no zod: the schemas (negotiation.ts) and the web's
// form read them from here.

/** The waits a business chooses from, in minutes (0: at once). */
export const NEGOTIATION_DELAYS = [0, 5, 10, 30, 60, 120, 240] as const;
/** The most blocked days kept. */
export const BLOCKED_DATES_MAX = 366;

/** Why Maya stopped answering a negotiation and left it to the business. */
export const mayaStopReasons = [
  'budget_far_below_floor',
  'counter_limit',
  'unlisted_service',
  'blocked_date',
  'unanswerable',
  'business_answered',
  'asked_for_person',
  'question',
  'blocked',
  'maya_off',
  'unconfirmed_buyer',
  'repeat_request',
  'reported',
] as const;
export type MayaStopReason = (typeof mayaStopReasons)[number];
