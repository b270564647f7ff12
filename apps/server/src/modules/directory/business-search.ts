import type { FindUsersQuery, MatchField, PublicProfile, Sector, UsersPage } from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { searchRadiusKm } from '../places/places.service.js';
import { ALTERNATIVE_REACH_KM, doubtOf } from './ranking.js';

export { ALTERNATIVE_REACH_KM };
import type { MatchHit } from './search-match.js';
import { budgetLean } from './budget-lean.js';
import {
  containsPhrase,
  fold,
  isFillerWord,
  namesAnotherTrade,
  searchWords,
} from './search-terms.js';

/**
 * The directory's answer to a request for businesses (Maya's searchSellers, and any caller that
 * wants more than a page): the businesses that fit, ranked as `GET /api/v1/users` ranks them
 * (ranking.ts); when too few fit, the closest alternatives, each labelled with its kind and never
 * further than ALTERNATIVE_REACH_KM unless the asker wants anywhere; and a summary of what was
 * understood. Every reason is data taken from the match (which of the profile's own words
 * matched, in which field), so a caller words it in any language and it is true.
 */

/** Alternatives of each kind offered. */
const ALTERNATIVES_PER_KIND = 3;
/** Businesses read for re-ranking by budget, landmark or synonyms. */
const RANKED_POOL = 20;
const MAX_READ = 100;

export type AlternativeKind = 'partial' | 'same-sector-here' | 'elsewhere';

/** Why a business is shown: facts a caller puts into words. */
export type Reason =
  /** Searched words found in the profile: the field and the profile's own word, best field first. */
  | { kind: 'match'; hits: { field: MatchField; found: string }[]; partial: boolean }
  /** The business is of this sector (`other`: another trade than the one asked, in the place). */
  | { kind: 'sector'; sector: Sector; other?: boolean }
  /** The profile's own words use these (a synonym of the request, a landmark). */
  | { kind: 'mentions'; words: string[] }
  | { kind: 'distance'; km: number }
  /** Its own words call it affordable (low) or premium (high). */
  | { kind: 'budget'; level: 'low' | 'high' }
  /** In another town than the one searched, close to it. */
  | { kind: 'outside-town' };

export interface FoundBusiness {
  profile: PublicProfile;
  reasons: Reason[];
  /** Set on an alternative: what kind of alternative it is. */
  alternative?: AlternativeKind;
}

export interface BusinessRequest {
  /** The words asked for ("plumber", "corte de cabelo"). */
  words?: string;
  sector?: Sector;
  /** The point searched around, and its radius (the places module's `searchRadiusKm` by default). */
  near?: { lat: number; lng: number };
  radiusKm?: number;
  /** A place nobody could locate: searched as words, and in the business's address. */
  unknownPlace?: string;
  /** For a town searched in: whether an address is in it (the others are just outside it). */
  inTown?: (address: string | null | undefined) => boolean;
  /** Other words for the request; a business of the sector whose own words use one fits too. */
  synonyms?: string[];
  /** Sellers list no prices: those whose own words (`hints`) say so come first. */
  budget?: { level: 'low' | 'high'; hints: { low: readonly string[]; high: readonly string[] } };
  /** Words such as a landmark, comma-separated: businesses mentioning them come first. */
  mentioning?: string;
  /** Nearest first instead of best match first. */
  closest?: boolean;
  /** Alternatives at any distance ("anywhere"); by default within ALTERNATIVE_REACH_KM. */
  anywhere?: boolean;
  limit?: number;
  /** How many fitting businesses earlier pages showed ("show me more"). */
  offset?: number;
}

export interface BusinessSearchSummary {
  /** The words searched for, as read. */
  words: string[];
  sector?: Sector;
  /** The point and radius searched, when there is one. */
  near?: { lat: number; lng: number; radiusKm: number };
  /** The order of the fitting businesses. */
  order: 'relevance' | 'distance';
  /** How many fit in all, when the directory counts them (`capped`: at least that many). */
  total?: { count: number; capped: boolean };
  /** More fitting businesses after these: ask again with `offset` + the count shown. */
  more: boolean;
  nextOffset: number | null;
  alternatives: AlternativeKind[];
  /**
   * Nobody fits, and nobody of the request is within ALTERNATIVE_REACH_KM of the point either:
   * no alternative from further away is offered.
   */
  nobodyNear: boolean;
  reachKm: number | null;
  budget?: { level: 'low' | 'high'; found: number };
  mentioning?: { words: string; found: number };
}

export interface BusinessSearch {
  fitting: FoundBusiness[];
  alternatives: FoundBusiness[];
  /**
   * Both, in the order to show: the honest fitting businesses, the alternatives just outside the
   * town, then fitting ones whose text is not trusted (ranking.ts); nearest first when asked.
   */
  shown: FoundBusiness[];
  summary: BusinessSearchSummary;
}

type ReadDirectory = (
  actor: Actor | null,
  query: FindUsersQuery,
) => Promise<{ page: UsersPage; hits: Map<string, MatchHit[]> }>;

/** Letters and digits only, at most eight words: what the directory searches. */
function wordsOf(text: string | undefined): string[] {
  return (
    text
      ?.normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

function phrasesOf(text: string): string[] {
  return text
    .split(',')
    .map((phrase) => phrase.trim())
    .filter(Boolean);
}

function profileText(profile: PublicProfile): string {
  return fold([profile.fullName, profile.description, profile.location?.address ?? ''].join(' '));
}

/** The words of a list a business's own words use; "gel nails" says "nails" already. */
function mentionedWords(profile: PublicProfile, words: string[]): string[] {
  if (words.length === 0) return [];
  const text = profileText(profile);
  const found = [...new Map(words.map((word) => [fold(word), word])).values()].filter((word) =>
    containsPhrase(text, fold(word)),
  );
  return found.filter(
    (word) => !found.some((other) => other !== word && containsPhrase(fold(other), fold(word))),
  );
}

/** The words of `said` a business mentions: the whole phrase, or its words that carry meaning. */
function mentioned(profile: PublicProfile, said: string): string[] {
  const text = profileText(profile);
  const phrase = fold(said).replace(/^(?:the|o|a|os|as) /, '');
  if (containsPhrase(text, phrase)) return [said];
  return said.split(/\s+/).filter((word) => {
    const plain = fold(word);
    return plain.length > 2 && !isFillerWord(plain) && containsPhrase(text, plain);
  });
}

/** An address names a place: the whole name, or each of its words that carries meaning. */
function addressNames(profile: PublicProfile, place: string): boolean {
  const address = fold(profile.location?.address ?? '');
  const plain = fold(place);
  if (containsPhrase(address, plain)) return true;
  const words = plain.split(/\s+/).filter((word) => word.length > 2 && !isFillerWord(word));
  return words.length > 0 && words.every((word) => containsPhrase(address, word));
}

/** A stable sort by a score, best first. */
function rankBy<T>(items: T[], score: (item: T) => number): T[] {
  return items
    .map((item, index) => ({ item, index, score: score(item) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item }) => item);
}

const fits = (profile: PublicProfile) => profile.match?.complete !== false;
const byDistance = (a: PublicProfile, b: PublicProfile) =>
  (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity);

export function createBusinessSearch(read: ReadDirectory) {
  return async function searchBusinesses(
    actor: Actor | null,
    request: BusinessRequest,
  ): Promise<BusinessSearch> {
    const limit = request.limit ?? 6;
    const offset = request.offset ?? 0;
    const want = offset + limit;
    const { near, unknownPlace, inTown: inTownOf } = request;
    const radiusKm = near ? (request.radiusKm ?? searchRadiusKm()) : undefined;
    const reachKm = near && !request.anywhere ? Math.max(ALTERNATIVE_REACH_KM, radiusKm!) : null;
    const words = wordsOf(request.words);
    const text = [request.words, unknownPlace].filter(Boolean).join(' ');
    const synonyms = [
      ...new Set((request.synonyms ?? []).filter((word) => word.trim().length > 2)),
    ];
    const ranked = Boolean(request.budget || request.mentioning || synonyms.length);
    const fetch = Math.min(MAX_READ, ranked ? Math.max(want + 1, RANKED_POOL) : want + 1);
    const closest = Boolean(request.closest && near);
    const hitsOf = new Map<string, MatchHit[]>();
    const search = async (query: Partial<FindUsersQuery>) => {
      const { page, hits } = await read(actor, {
        role: 'seller',
        category: request.sector,
        near,
        radiusKm,
        sort: closest ? 'distance' : undefined,
        limit: fetch,
        ...query,
      });
      for (const [id, found] of hits) if (!hitsOf.has(id)) hitsOf.set(id, found);
      return page;
    };

    const [page, landmark] = await Promise.all([
      search({ q: text || undefined }),
      request.mentioning && !near && !unknownPlace
        ? search({ q: phrasesOf(request.mentioning)[0], limit: 30 })
        : undefined,
    ]);
    const located = (profile: PublicProfile) =>
      !unknownPlace || Boolean(page.understood?.place) || addressNames(profile, unknownPlace);
    const inTown = (profile: PublicProfile) => !inTownOf || inTownOf(profile.location?.address);
    const nearby = page.items.filter((p) => fits(p) && located(p) && !inTown(p));
    let fitting = page.items.filter((p) => fits(p) && located(p) && inTown(p));
    let partial = page.items.filter((p) => !fits(p) && located(p) && inTown(p));

    if (landmark) {
      const wanted = [...words, ...synonyms];
      const seen = new Set(fitting.map((profile) => profile.id));
      fitting.push(
        ...landmark.items.filter(
          (p) => !seen.has(p.id) && (wanted.length === 0 || mentionedWords(p, wanted).length > 0),
        ),
      );
    }

    // Few direct matches: the sector's businesses there whose own words use another word for
    // the request (another language, the trade's name) fit too.
    const saidWords = new Map<string, string[]>();
    let pool: PublicProfile[] = [];
    if (fitting.length < 3 && (synonyms.length > 0 || (text && request.sector))) {
      pool = (await search({ q: unknownPlace, limit: 30 })).items.filter(located);
      const direct = new Set([...fitting, ...nearby].map((profile) => profile.id));
      // A business whose name says it is another trade of the sector is not the one asked for
      // because its words use a synonym ("Barbearia …: corte de cabelo" for "cabeleireiro").
      const asked = searchWords(request.words ?? '');
      for (const profile of pool) {
        if (direct.has(profile.id)) continue;
        if (namesAnotherTrade(searchWords(profile.fullName), asked)) continue;
        const said = mentionedWords(profile, synonyms);
        if (said.length > 0) saidWords.set(profile.id, said);
      }
      const also = rankBy(
        pool.filter((profile) => saidWords.has(profile.id)),
        (profile) => Math.min(3, saidWords.get(profile.id)!.length),
      );
      fitting.push(...also.filter(inTown));
      nearby.push(...also.filter((profile) => !inTown(profile)));
      pool = pool.filter(inTown);
    }

    const reasonsFor = (profile: PublicProfile, extra: Reason[] = []): Reason[] => {
      const out: Reason[] = [];
      const said = saidWords.get(profile.id);
      const hits = hitsOf.get(profile.id) ?? [];
      if (said) {
        if (request.sector) out.push({ kind: 'sector', sector: request.sector });
        out.push({ kind: 'mentions', words: said.slice(0, 2) });
      } else if (hits.length > 0) {
        out.push({
          kind: 'match',
          hits: hits.map(({ field, found }) => ({ field, found })),
          partial: !fits(profile),
        });
      } else if (request.sector) {
        out.push({ kind: 'sector', sector: request.sector });
      }
      if (near && typeof profile.distanceKm === 'number') {
        out.push({ kind: 'distance', km: profile.distanceKm });
      }
      return [...out, ...extra];
    };

    const summary: BusinessSearchSummary = {
      words,
      ...(request.sector && { sector: request.sector }),
      ...(near && { near: { ...near, radiusKm: radiusKm! } }),
      order: closest ? 'distance' : 'relevance',
      more: false,
      nextOffset: null,
      alternatives: [],
      nobodyNear: false,
      reachKm,
    };

    if (fitting.length > 0) {
      const extras = new Map<string, Reason[]>();
      const extra = (profile: PublicProfile, reason: Reason) =>
        extras.set(profile.id, [...(extras.get(profile.id) ?? []), reason]);
      // In the directory's order (ranking.ts), then by what the asker stressed: budget, then a
      // landmark (stable sorts, the least important first).
      if (request.budget) {
        const { level, hints } = request.budget;
        const at = new Map(fitting.map((p) => [p.id, budgetLean(profileText(p), level, hints)]));
        for (const profile of fitting) {
          if (at.get(profile.id)! > 0) extra(profile, { kind: 'budget', level });
        }
        fitting = rankBy(fitting, (profile) => at.get(profile.id)!);
        summary.budget = { level, found: fitting.filter((p) => at.get(p.id)! > 0).length };
      }
      if (request.mentioning) {
        const phrases = phrasesOf(request.mentioning);
        const found = new Map(
          fitting.map((p) => [p.id, phrases.flatMap((phrase) => mentioned(p, phrase))]),
        );
        for (const profile of fitting) {
          const hits = found.get(profile.id) ?? [];
          if (hits.length > 0) extra(profile, { kind: 'mentions', words: [hits.join(' ')] });
        }
        fitting = rankBy(fitting, (profile) => found.get(profile.id)?.length ?? 0);
        summary.mentioning = {
          words: phrases[0] ?? request.mentioning,
          found: fitting
            .slice(offset, want)
            .filter((p) => mentioned(p, phrases[0] ?? request.mentioning!).length > 0).length,
        };
      }
      // Text that addresses an assistant or stuffs keywords earns no place at the top: such
      // businesses come after the honest ones, nearest first too when that is the order asked
      // for (the honest ones nearest first, then the others nearest first).
      const trusted = fitting.filter((profile) => !doubtOf(profile));
      const doubted = fitting.filter((profile) => doubtOf(profile));
      fitting = closest
        ? [...[...trusted].sort(byDistance), ...[...doubted].sort(byDistance)]
        : [...trusted, ...doubted];
      const first = (closest ? fitting : trusted).slice(offset, want);
      // Too few in the town itself: the same trade just outside it, labelled as such.
      const outsideTown =
        offset > 0
          ? []
          : nearby
              .filter((profile) => !doubtOf(profile))
              .sort(byDistance)
              .slice(0, Math.min(ALTERNATIVES_PER_KIND, limit - first.length));
      const shown = fitting.slice(offset, offset + Math.max(0, limit - outsideTown.length));
      if (outsideTown.length > 0) summary.alternatives.push('elsewhere');
      if (saidWords.size === 0 && page.total) summary.total = page.total;
      else if (page.nextCursor === null || fitting.length <= want) {
        summary.total = { count: fitting.length, capped: false };
      }
      summary.more =
        fitting.length > offset + shown.length ||
        (page.nextCursor !== null && page.items.length >= fetch);
      summary.nextOffset = summary.more ? offset + shown.length : null;
      const fittingFound = shown.map((profile) => ({
        profile,
        reasons: reasonsFor(profile, extras.get(profile.id)),
      }));
      const alternatives = outsideTown.map((profile) => ({
        profile,
        reasons: reasonsFor(profile, [{ kind: 'outside-town' }]),
        alternative: 'elsewhere' as const,
      }));
      const last = (found: FoundBusiness) => Boolean(doubtOf(found.profile));
      return {
        fitting: fittingFound,
        alternatives,
        shown: [
          ...fittingFound.filter((found) => !last(found)),
          ...alternatives,
          ...fittingFound.filter(last),
        ],
        summary,
      };
    }

    // Nobody fits: the closest alternatives, each labelled as one: businesses matching part of
    // the words, the same request further away (nearest first, within reach) and the sector's
    // other businesses in the place.
    const wanted = [...words, ...synonyms];
    const further = reachKm ?? 20_000;
    const [split, byWords, ofSector] = await Promise.all([
      !page.understood && words.length > 1 ? eachWord(text, search, fetch) : undefined,
      request.words
        ? search({
            q: request.words,
            radiusKm: near ? further : undefined,
            sort: near ? 'distance' : undefined,
            limit: 10,
          })
        : undefined,
      request.sector
        ? search({
            q: undefined,
            radiusKm: near ? further : undefined,
            sort: near ? 'distance' : undefined,
            limit: 50,
          })
        : undefined,
    ]);
    if (split) partial = split.filter(located);
    // A place read from the words gives distances too: partial matches stay within reach of it.
    if (reachKm !== null || (page.understood?.place && !request.anywhere)) {
      const reach = reachKm ?? ALTERNATIVE_REACH_KM;
      partial = partial.filter((profile) => (profile.distanceKm ?? 0) <= reach);
    }
    const outside = (profile: PublicProfile) =>
      !radiusKm || (profile.distanceKm ?? Infinity) > radiusKm || !inTown(profile);
    const elsewhere =
      near || unknownPlace
        ? [
            ...(byWords?.items ?? []).filter(fits),
            ...(ofSector?.items ?? []).filter((p) => mentionedWords(p, wanted).length > 0),
          ]
            .filter(outside)
            .filter((p, index, all) => all.findIndex((other) => other.id === p.id) === index)
            .sort(byDistance)
        : [];
    const here = text && request.sector && (near || unknownPlace) ? pool : [];
    // Close enough to be worth the trip before the place's other trades; further ones after them.
    const trip = Math.max(60, 3 * (radiusKm ?? 0));
    const closeBy = [
      ...nearby,
      ...elsewhere.filter((profile) => (profile.distanceKm ?? Infinity) <= trip),
    ];
    const farAway = elsewhere.filter(
      (profile) => (profile.distanceKm ?? Infinity) > trip && !nearby.includes(profile),
    );

    const seen = new Set<string>();
    const alternatives: FoundBusiness[] = [];
    const offer = (
      kind: AlternativeKind,
      profiles: PublicProfile[],
      why: (profile: PublicProfile) => Reason[],
    ) => {
      const fresh = rankBy(profiles, (profile) => (doubtOf(profile) ? -1 : 0))
        .filter((profile) => !seen.has(profile.id))
        .slice(0, ALTERNATIVES_PER_KIND);
      for (const profile of fresh) {
        seen.add(profile.id);
        alternatives.push({ profile, reasons: why(profile), alternative: kind });
      }
      if (fresh.length > 0 && !summary.alternatives.includes(kind)) summary.alternatives.push(kind);
    };
    const sameRequest = (profile: PublicProfile) => {
      const said =
        fits(profile) && byWords?.items.includes(profile)
          ? undefined
          : mentionedWords(profile, wanted);
      if (said && said.length > 0) saidWords.set(profile.id, said);
      return reasonsFor(profile, nearby.includes(profile) ? [{ kind: 'outside-town' }] : []);
    };
    offer('partial', partial, (profile) => reasonsFor(profile));
    offer('elsewhere', closeBy, sameRequest);
    offer('same-sector-here', here, (profile) => [
      { kind: 'sector', sector: request.sector!, other: true },
      ...(typeof profile.distanceKm === 'number'
        ? [{ kind: 'distance' as const, km: profile.distanceKm }]
        : []),
    ]);
    offer('elsewhere', farAway, sameRequest);
    summary.nobodyNear = Boolean(reachKm !== null && !summary.alternatives.includes('elsewhere'));
    const offered = alternatives.slice(0, limit);
    return { fitting: [], alternatives: offered, shown: offered, summary };
  };
}

/** Businesses matching some of the words, most words first, each labelled a partial match. */
async function eachWord(
  text: string,
  search: (query: { q?: string }) => Promise<UsersPage>,
  limit: number,
): Promise<PublicProfile[]> {
  const words = wordsOf(text)
    .filter((word) => word.length > 2 && !isFillerWord(fold(word)))
    .slice(0, 4);
  const found = new Map<string, { profile: PublicProfile; words: string[]; order: number }>();
  let order = 0;
  const pages = await Promise.all(words.map((word) => search({ q: word })));
  for (const [index, page] of pages.entries()) {
    const word = words[index]!;
    for (const profile of page.items) {
      const entry = found.get(profile.id) ?? { profile, words: [], order: order++ };
      entry.words.push(word);
      found.set(profile.id, entry);
    }
  }
  return [...found.values()]
    .sort((a, b) => b.words.length - a.words.length || a.order - b.order)
    .slice(0, limit)
    .map(({ profile, words: matched }) => ({
      ...profile,
      match: { complete: false, words: matched, fields: profile.match?.fields ?? [] },
    }));
}
