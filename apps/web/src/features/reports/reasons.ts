import type { ReportReason } from '@maya/contracts';

/**
 * The reasons a report gives, as the contract lists them (written here, typed by it, so a page
 * that shows them need not load the schemas): illegal content first, then those against the
 * rules.
 */
export const REASONS = [
  'illegal',
  'spam',
  'scam',
  'harassment',
  'fake_business',
  'impersonation',
  'paid_review',
  'other',
] as const satisfies readonly ReportReason[];

export const RULE_REASONS = REASONS.filter((reason) => reason !== 'illegal');

/** The longest details and legal ground a report takes (`REPORT_DETAILS_MAX`, `LEGAL_GROUND_MAX`). */
export const DETAILS_MAX = 2000;
export const LEGAL_GROUND_MAX = 300;
