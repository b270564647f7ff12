import { bayesianRating, type DateWindow, type DealMoney } from '@maya/contracts';
import { containsPhrase, fold } from '../../lib/lexicon/fold.js';

/**
 * Maya's comparison of the offers a buyer's brief brought back: pure and deterministic, like the
 * strategy. It ranks only once every business asked has answered, declined or timed out; until
 * then it says how many have. It ranks by the buyer's criteria alone (price, what is included,
 * the days, the rating, the distance): the order the answers arrived in is not an input, and
 * neither is a business's plan, so identical offers rank the same whoever sent them and when.
 */

/** One business asked, and where its answer stands. */
export interface AskedBusiness {
  businessId: string;
  answer:
    | { state: 'waiting' }
    | { state: 'declined' }
    | { state: 'timed_out' }
    | { state: 'offered'; price: DealMoney; included: string; when: DateWindow };
  /** The business's published rating, if it has one. */
  rating: { count: number; average: number } | null;
  /** Kilometres from the brief's place; null when either is unknown. */
  distanceKm: number | null;
}

export const criteria = ['price', 'included', 'date', 'rating', 'distance'] as const;
export type Criterion = (typeof criteria)[number];

export interface BuyerCriteria {
  /** How much each criterion counts, each 0 or more; they need not add up to 1. */
  weights: Record<Criterion, number>;
  /** What the brief asks to be included, in the buyer's words: each one found counts. */
  wanted: readonly string[];
  /** The brief's days: an offer on them scores best, one further away less. */
  when: DateWindow;
  /** The brief's currency: an offer in another one cannot be compared on price. */
  currency: DealMoney['currency'];
}

/** The weights when the buyer states no priority: price first, then the days and the rating. */
export const DEFAULT_WEIGHTS: Record<Criterion, number> = {
  price: 4,
  included: 2,
  date: 2,
  rating: 1.5,
  distance: 0.5,
};

export interface RankedOffer {
  businessId: string;
  /** 1 is best; offers that score the same share a rank ("1, 1, 3"). */
  rank: number;
  /** The weighted score, 0 to 1. */
  score: number;
  /** Each criterion's part, 0 to 1, so the buyer sees why. */
  parts: Record<Criterion, number>;
}

export type Comparison =
  | { state: 'waiting'; answered: number; of: number }
  | {
      state: 'ranked';
      ranked: RankedOffer[];
      /** Those who declined or did not answer in time, by id: they are not ranked. */
      unanswered: { businessId: string; state: 'declined' | 'timed_out' }[];
      /** The best-ranked offer, or null when none came. */
      recommended: string | null;
    };

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Scores are compared to this many decimals, so float noise never splits a tie. */
const roundScore = (score: number) => Math.round(score * 1e9) / 1e9;

/**
 * The offers' comparison, or how many have answered while some are still waiting. `asked` may
 * come in any order: the result is the same for every order.
 */
export function compareOffers(asked: readonly AskedBusiness[], buyer: BuyerCriteria): Comparison {
  const answered = asked.filter((one) => one.answer.state !== 'waiting').length;
  if (answered < asked.length) return { state: 'waiting', answered, of: asked.length };

  const offered = asked.flatMap((one) =>
    one.answer.state === 'offered' ? [{ ...one, offer: one.answer }] : [],
  );
  const comparable = offered.filter((one) => one.offer.price.currency === buyer.currency);
  const cheapest = Math.min(...comparable.map((one) => one.offer.price.amount));
  const distances = offered.flatMap((one) => (one.distanceKm === null ? [] : [one.distanceKm]));
  const nearest = Math.min(...distances);
  const briefStart = dayOf(buyer.when.from);

  const scored = offered.map((one) => {
    const { offer } = one;
    const parts: Record<Criterion, number> = {
      // The cheapest comparable offer scores 1, one twice its price 0.5; another currency 0.
      price:
        offer.price.currency === buyer.currency
          ? offer.price.amount > 0
            ? cheapest / offer.price.amount
            : 1
          : 0,
      included:
        buyer.wanted.length === 0
          ? 1
          : buyer.wanted.filter((item) => containsPhrase(fold(offer.included), fold(item))).length /
            buyer.wanted.length,
      // On the brief's first day: 1; a day away 0.5; a week away 0.125.
      date: 1 / (1 + Math.abs(dayOf(offer.when.from) - briefStart)),
      // The rating a business ranks by everywhere (its prior for a business with none), on 0–1.
      rating: bayesianRating(one.rating?.count ?? 0, one.rating?.average ?? 0) / 5,
      // The nearest scores 1; an unknown distance scores as the middle.
      distance: one.distanceKm === null ? 0.5 : one.distanceKm <= 0 ? 1 : nearest / one.distanceKm,
    };
    const total = criteria.reduce((sum, criterion) => sum + buyer.weights[criterion], 0);
    const score =
      total > 0
        ? criteria.reduce(
            (sum, criterion) => sum + buyer.weights[criterion] * parts[criterion],
            0,
          ) / total
        : 0;
    return { businessId: one.businessId, score: roundScore(score), parts };
  });

  // Best score first; a tie keeps its shared rank and is listed by id, never by arrival.
  scored.sort((a, b) => b.score - a.score || (a.businessId < b.businessId ? -1 : 1));
  const ranked = scored.map((one) => ({
    ...one,
    rank: scored.findIndex((other) => other.score === one.score) + 1,
  }));
  const unanswered = asked
    .flatMap((one) =>
      one.answer.state === 'declined' || one.answer.state === 'timed_out'
        ? [{ businessId: one.businessId, state: one.answer.state }]
        : [],
    )
    .sort((a, b) => (a.businessId < b.businessId ? -1 : 1));
  return { state: 'ranked', ranked, unanswered, recommended: ranked[0]?.businessId ?? null };
}
