// What a report may give as its reason, and its text limits: plain data with no zod (like
// sectors.ts), for the report form, the server's column and the schemas alike.

/**
 * Why something is reported, in two groups: illegal content (the reporter names the legal ground)
 * and content against the site's rules. `paid_review` is a review offered for something in
 * exchange. Illegal content first, then the rules, in the order a form lists them.
 */
export const reportReasons = [
  'illegal',
  'spam',
  'scam',
  'harassment',
  'fake_business',
  'impersonation',
  'paid_review',
  'other',
] as const;

/** The longest details, legal ground and notice explanation a report takes. */
export const REPORT_DETAILS_MAX = 2000;
export const LEGAL_GROUND_MAX = 300;
export const NOTICE_EXPLANATION_MAX = 5000;
