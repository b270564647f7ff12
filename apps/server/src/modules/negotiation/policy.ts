import { dealLimits } from '@maya/contracts';

/**
 * The numbers of Maya's negotiating policy for a business, in one place (README.md explains each).
 * The strategy reads them as its `policy` input, so a test or an evaluation may try others.
 */
export interface NegotiationPolicy {
  /**
   * The shape of the concession curve: round r of a limit of L offers list − (list − minimum) ×
   * (r / L)^exponent. A whole number of at least 1; 2 concedes small steps first.
   */
  curveExponent: number;
  /** A stated budget below this percent of the floor is far below it: Maya hands over. */
  farBelowFloorPercent: number;
  /** Maya's counters after her opening offer (the last is her final offer), unless the business sets its own. */
  counterLimit: number;
  /** Days an offer of Maya's stays open, unless the requested dates start sooner. */
  offerValidDays: number;
}

export const NEGOTIATION_POLICY: Readonly<NegotiationPolicy> = Object.freeze({
  curveExponent: 2,
  farBelowFloorPercent: 70,
  counterLimit: dealLimits.countersPerSide,
  offerValidDays: dealLimits.offerValidDays,
});
