import { reportReasons } from '@maya/contracts/report-reasons';

// The reasons a report gives and its limits, from the contract's plain data (no schemas), so a
// page that shows them need not load zod: illegal content first, then those against the rules.
export {
  LEGAL_GROUND_MAX,
  REPORT_DETAILS_MAX as DETAILS_MAX,
} from '@maya/contracts/report-reasons';

export const REASONS = reportReasons;
export const RULE_REASONS = REASONS.filter((reason) => reason !== 'illegal');
