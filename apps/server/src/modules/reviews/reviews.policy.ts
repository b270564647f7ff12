import { REVIEW_RULES } from '@maya/contracts';
import publicMailDomains from './public-mail-domains.json' with { type: 'json' };

const DAY_MS = 86_400_000;
const publicDomains = new Set(publicMailDomains.domains.map((domain) => domain.toLowerCase()));
const reservedTopLevel = new Set(publicMailDomains.reservedTopLevel);

/** A domain that says nothing of who owns an address: shared by many, or nobody's (reserved). */
function isSharedDomain(domain: string): boolean {
  return (
    publicDomains.has(domain) || reservedTopLevel.has(domain.slice(domain.lastIndexOf('.') + 1))
  );
}

/**
 * When a deal completed, read from its row at `now` as the deal's machine would settle it: a
 * buyer's confirmation is the deal's last move (a final state takes no other, so `updated_at`
 * stays its instant); a deal delivered with no problem completes by itself when its problem
 * window closes, whether or not anything wrote that yet. Null when it has not completed.
 */
export function completedAt(
  deal: {
    status: string;
    updatedAt: Date;
    problemWindowEndsAt: Date | null;
    problemReportedAt: Date | null;
  },
  now: Date,
): Date | null {
  const windowEnd = deal.problemWindowEndsAt;
  if (deal.status === 'completed') {
    if (deal.problemReportedAt || !windowEnd) return deal.updatedAt;
    return deal.updatedAt > windowEnd ? windowEnd : deal.updatedAt;
  }
  if (deal.status === 'delivered' && windowEnd && now > windowEnd) return windowEnd;
  return null;
}

/** The last instant a review of a deal completed at `completed` may be written or edited. */
export function reviewWindowEnd(completed: Date): Date {
  return new Date(completed.getTime() + REVIEW_RULES.windowDays * DAY_MS);
}

/** What an operator's hold leaves of a deal's reviews: nothing shown until released. */
export type HoldState = 'none' | 'held' | 'released' | 'removed';

/**
 * Whether a deal's reviews are published at `now`, and since when: both sides wrote, or the
 * window closed with at least one written; never while an operator holds the deal or after they
 * removed its reviews. Decided when read, like a deal's expiry, so no job has to run first.
 */
export function publication(
  written: readonly { createdAt: Date }[],
  windowEndsAt: Date,
  hold: HoldState,
  now: Date,
): { published: boolean; at: Date | null } {
  if (written.length === 0 || hold === 'held' || hold === 'removed') {
    return { published: false, at: null };
  }
  if (written.length >= 2) {
    const second = new Date(Math.max(...written.map((row) => row.createdAt.getTime())));
    if (second <= now) return { published: true, at: second };
  }
  if (now > windowEndsAt) return { published: true, at: windowEndsAt };
  return { published: false, at: null };
}

/** The domain of an address, lower-cased. */
function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Why a deal's two accounts may be one owner's, so its reviews wait for an operator: the same
 * private mail domain (a public one, as gmail.com, says nothing). Empty when none.
 */
export function holdReasons(buyerEmail: string, businessEmail: string): string[] {
  const domain = domainOf(buyerEmail);
  if (domain === domainOf(businessEmail) && !isSharedDomain(domain)) return ['email_domain'];
  return [];
}
