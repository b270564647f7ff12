import { z } from 'zod';
import { bayesianRating } from '@maya/contracts';
import { hasPremiumPlacement } from '../billing/plan-features.js';
import type { User } from './directory.repository.js';
import signalsData from './ranking-signals.json' with { type: 'json' };
import { expandWord, fold, tradeWords } from './search-terms.js';

/**
 * How the directory orders the profiles that match a text search, for `GET /api/v1/users` and
 * for Maya alike (README "How ranking works"). Within one relevance tier:
 *
 * 1. complete matches before partial ones (a business whose name says it is another trade of the
 *    sector than the one asked is partial: search-match.ts), then the fit band: the match's fit,
 *    best first;
 * 2. honest profiles before those whose description addresses an assistant or stuffs keywords;
 * 3. the clients' rating, as a Bayesian average (`bayesianRating`, @maya/contracts'
 *    review-rules.ts: C = 5 reviews at the prior mean m = 4): a better-rated business before an
 *    equally fitting one, and one 5★ review below twenty averaging 4.8★; a business with none
 *    counts as the prior;
 * 4. premium placement: a Pro business before an equally fitting free one;
 * 5. the exact match score (less up to 1 for a long description), best first; then the index's
 *    order (newest first).
 *
 * So the Pro boost is a tie-break among equally fitting profiles, never above a better fit.
 */

/**
 * How far an alternative may be from the place searched, unless the asker wants anywhere: the
 * same country or its neighbours, never another continent. Nearest first within it, so the same
 * town and region come first.
 */
export const ALTERNATIVE_REACH_KM = 1_000;

const signalsSchema = z.object({
  addressesAssistant: z.array(z.string().min(1)).min(1),
  stuffing: z.object({
    maxRepeats: z.number().int().min(1),
    minSectors: z.number().int().min(2),
  }),
});
const signals = signalsSchema.parse(signalsData);
const addressing = signals.addressesAssistant.map((pattern) => new RegExp(pattern, 'u'));

/** Why a profile's own words are not trusted to rank it. */
export type Doubt = 'addresses-assistant' | 'stuffed';

/** The sector a folded word names, when it names exactly one. */
const sectorOfWord = new Map<string, string | null>();
function sectorOf(word: string): string | undefined {
  if (!tradeWords.has(word)) return undefined;
  let sector = sectorOfWord.get(word);
  if (sector === undefined) {
    sector = expandWord(word).sector ?? null;
    sectorOfWord.set(word, sector);
  }
  return sector ?? undefined;
}

/** The verdict for a description, by profile id and text length (descriptions change rarely). */
const verdicts = new Map<string, Doubt | null>();
const VERDICTS_KEPT = 5_000;

/** Whether a profile's description tries to steer an assistant or stuffs trade words. */
export function doubtOf(user: Pick<User, 'id' | 'description'>): Doubt | undefined {
  const key = `${user.id}:${user.description.length}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = readDoubt(user.description);
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(key, verdict);
  }
  return verdict ?? undefined;
}

function readDoubt(description: string): Doubt | null {
  const text = fold(description);
  if (addressing.some((pattern) => pattern.test(text))) return 'addresses-assistant';
  const counts = new Map<string, number>();
  const sectors = new Set<string>();
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const sector = sectorOf(word);
    if (!sector) continue;
    sectors.add(sector);
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const repeated = Math.max(0, ...counts.values()) > signals.stuffing.maxRepeats;
  return repeated || sectors.size >= signals.stuffing.minSectors ? 'stuffed' : null;
}

/**
 * A match's band: equally fitting profiles share one. The fit is a sum of field weights (4, 2, 1)
 * times 1, 0.75 or 0.5, so two profiles share a band when their words matched as well: the word
 * itself in the description is a better fit than a synonym of it there.
 */
export function fitBand(fit: number): number {
  return Math.round(fit * 100) / 100;
}

export interface Ranked {
  user: Pick<User, 'id' | 'description' | 'plan'>;
  tier?: number;
  /** Whether the match is complete (search-match.ts); complete when not said. */
  complete?: boolean;
  /** The match's fit (search-match.ts), whose band compares. */
  fit: number;
  /** The fit with the long-description discount: the order within a band. */
  score: number;
  /** The business's published clients' reviews: their count and plain average. */
  rating?: { count: number; average: number };
}

/** What the ranking compares of one match, read once before sorting. */
export interface RankKey {
  tier: number;
  partial: boolean;
  band: number;
  doubtful: boolean;
  /** The Bayesian average of the clients' ratings (the prior mean without reviews). */
  rating: number;
  premium: boolean;
  score: number;
}

export function rankedOf(match: Ranked): RankKey {
  return {
    tier: match.tier ?? 0,
    partial: match.complete === false,
    band: fitBand(match.fit),
    doubtful: Boolean(doubtOf(match.user)),
    rating: bayesianRating(match.rating?.count ?? 0, match.rating?.average ?? 0),
    premium: hasPremiumPlacement(match.user),
    score: match.score,
  };
}

/** The ranking's order for two matches of one text search (see the module comment). */
export function compareRanked(a: RankKey, b: RankKey): number {
  return (
    a.tier - b.tier ||
    Number(a.partial) - Number(b.partial) ||
    b.band - a.band ||
    Number(a.doubtful) - Number(b.doubtful) ||
    b.rating - a.rating ||
    Number(b.premium) - Number(a.premium) ||
    b.score - a.score
  );
}
