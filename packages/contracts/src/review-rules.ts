/**
 * The numbers of reviews and of the rating's place in ranking, in one place: the server's rules,
 * its ranking, the web's forms and the "How ranking works" page all read them from here (a test
 * checks the page states the same ones).
 */
export const REVIEW_RULES = {
  /** After a deal completes, each side may review it this long; then what was written is published. */
  windowDays: 14,
  ratingMin: 1,
  ratingMax: 5,
  textMax: 2000,
  replyMax: 1000,
} as const;

/**
 * The Bayesian average a business ranks by: (C·m + n·ȳ) / (C + n). `priorWeight` (C) counts as
 * that many reviews at `priorMean` (m), so a few reviews move a business less than many: one 5★
 * review ranks below twenty averaging 4.8★. In the directory's order (modules/directory/ranking.ts)
 * it comes after the fit and the honesty of a profile's text, before the Pro plan.
 */
export const RATING_RANKING = {
  priorWeight: 5,
  priorMean: 4,
} as const;

/** The rating a business ranks by, from its reviews' count and plain average. */
export function bayesianRating(count: number, average: number): number {
  const { priorWeight, priorMean } = RATING_RANKING;
  if (count <= 0) return priorMean;
  return (priorWeight * priorMean + count * average) / (priorWeight + count);
}
