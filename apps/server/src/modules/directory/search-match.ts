import type { MatchField, SearchMatch } from '@maya/contracts';
import { createLru } from '../../lib/lru.js';
import type { User } from './directory.repository.js';
import {
  allowedEdits,
  editDistance,
  fold,
  namesAnotherTrade,
  namesTrade,
  type SearchTerm,
} from './search-terms.js';

// A page's profiles come back often (the same businesses fit the same searches), and folding
// their words is most of explaining them: the folded words are kept per text, which is the key.
const foldedTexts = createLru<string, readonly string[]>(4096);
const NO_WORDS: readonly string[] = [];

function tokens(text: string | null | undefined): readonly string[] {
  if (!text) return NO_WORDS;
  const known = foldedTexts.get(text);
  if (known) return known;
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? NO_WORDS;
  foldedTexts.set(text, words);
  return words;
}

/** The profile's own spelling of its `index`-th folded word ("Fotografia" for "fotografia"). */
function shownWord(
  text: string | null | undefined,
  folded: readonly string[],
  index: number,
): string {
  const words = text?.match(/[\p{L}\p{N}]+/gu) ?? [];
  // Folding keeps one word one word, but where it did not, the folded word is what there is.
  return words.length === folded.length ? words[index]! : folded[index]!;
}

/** How much a word found in each field says about a profile. */
export const FIELD_WEIGHT: Record<MatchField, number> = {
  name: 4,
  sector: 2,
  place: 2,
  description: 1,
  // The names and descriptions of the services a business prices: what it says it sells, as
  // much as its description does.
  services: 1,
};
const FIELD_ORDER: MatchField[] = ['name', 'sector', 'place', 'description', 'services'];

/** One searched word found in a profile: the field it counts in and the profile's own word there. */
export interface MatchHit {
  /** The searched word (folded). */
  word: string;
  field: MatchField;
  /** The profile's word that matched, as the profile writes it ("Fotografia"). */
  found: string;
  /** Found as the word itself (or its correction), not as one of its synonyms. */
  own: boolean;
}

export interface ExplainedMatch extends SearchMatch {
  /**
   * How well the profile fits: for each searched word its best field only (name 4, sector 2,
   * place 2, description 1, services 1; ×0.75 for a synonym, ×0.5 for a typo), so a word repeated, or
   * found in several fields, counts once.
   */
  fit: number;
  /** The fit, less up to 1 for a long description (one that names everything says less of each). */
  score: number;
  /** Per searched word, where it counted: what a reason may say, and nothing else. */
  hits: MatchHit[];
  /**
   * Its name says it is another trade of the sector than a searched word asks for, and that word
   * was found only through a synonym ("Barbearia …" whose "cabelo" is a hairdresser's word, for
   * "cabeleireiro"): the match is partial.
   */
  otherTrade: boolean;
}

/** What a word counts as the searched word's own form (or its correction), and as a synonym. */
const OWN = 1;
const SYNONYM = 0.75;

/**
 * A term's alternatives, indexed for a profile's words: the exact ones by their token, the
 * prefixes by their length and token, each with the most it counts (OWN or SYNONYM). A word is
 * then looked up once per distinct prefix length instead of compared with every alternative.
 */
interface TermMatcher {
  exact: Map<string, number>;
  prefixes: Map<number, Map<string, number>>;
  /** What each profile word read so far counts (`valueOf`), up to MAX_KNOWN words. */
  known: Map<string, number>;
}

/** Profile words whose value a term keeps: a corpus's common words, not all it could meet. */
const MAX_KNOWN = 8192;

// The directory keeps the terms it read for recent searches (directory.service.ts), so their
// index is kept with them.
const matchers = new WeakMap<SearchTerm, TermMatcher>();

function matcherOf(term: SearchTerm): TermMatcher {
  const known = matchers.get(term);
  if (known) return known;
  const matcher: TermMatcher = { exact: new Map(), prefixes: new Map(), known: new Map() };
  for (const { token, prefix, own } of term.alternatives) {
    let into = matcher.exact;
    if (prefix) {
      into = matcher.prefixes.get(token.length) ?? new Map<string, number>();
      matcher.prefixes.set(token.length, into);
    }
    const value = own ? OWN : SYNONYM;
    if (value > (into.get(token) ?? 0)) into.set(token, value);
  }
  matchers.set(term, matcher);
  return matcher;
}

/** The most a profile's word counts for a term: 0 when no alternative matches it. */
function valueOf(matcher: TermMatcher, token: string): number {
  const known = matcher.known.get(token);
  if (known !== undefined) return known;
  let value = matcher.exact.get(token) ?? 0;
  for (const [length, stems] of matcher.prefixes) {
    if (length > token.length) continue;
    const found = stems.get(length === token.length ? token : token.slice(0, length));
    if (found !== undefined && found > value) value = found;
  }
  if (matcher.known.size < MAX_KNOWN) matcher.known.set(token, value);
  return value;
}

/**
 * Why a profile is in a text search: which searched words it matched and in which fields, the
 * same rules as the index (a word's forms exactly or as a prefix), or within the allowed edits
 * for a profile found by the typo tier; never complete away from the place searched for, nor for
 * a business whose name says it is another trade than the one asked (`otherTrade`). Run on
 * the page's rows only.
 */
export function explainMatch(
  user: User,
  terms: SearchTerm[],
  { tier, place, outsidePlace = false }: { tier?: number; place?: string; outsidePlace?: boolean },
): ExplainedMatch {
  const texts: Record<MatchField, string | null | undefined> = {
    name: `${user.firstName} ${user.lastName}`,
    sector: user.category?.replaceAll('-', ' '),
    place: user.address,
    description: user.description,
    services: user.servicesText,
  };
  const fields = FIELD_ORDER.map((field) => [field, tokens(texts[field])] as const);
  const found = new Set<MatchField>();
  const words: string[] = [];
  const hits: MatchHit[] = [];
  let score = 0;
  for (const term of terms) {
    const matcher = matcherOf(term);
    const edits = allowedEdits(term.word);
    let best: { value: number; field: MatchField; at: number; own: boolean } | undefined;
    for (const [field, fieldTokens] of fields) {
      // The field's best word for the term: its value and where it is (-1: none).
      let hitValue = 0;
      let hitAt = -1;
      let hitOwn = false;
      for (let at = 0; at < fieldTokens.length; at++) {
        const token = fieldTokens[at]!;
        const value = valueOf(matcher, token);
        if (value > hitValue) {
          hitValue = value;
          hitAt = at;
          hitOwn = value === OWN;
        } else if (hitAt < 0 && tier === 4 && editDistance(term.word, token, edits) <= edits) {
          // A typo of the word itself: its own, at half its worth.
          hitValue = 0.5;
          hitAt = at;
          hitOwn = true;
        }
      }
      if (hitAt >= 0) {
        found.add(field);
        const value = hitValue * FIELD_WEIGHT[field];
        if (value > (best?.value ?? 0)) {
          best = { value, field, at: hitAt, own: hitOwn };
        }
      }
    }
    if (best) {
      words.push(term.word);
      const folded = fields.find(([field]) => field === best.field)![1];
      hits.push({
        word: term.word,
        field: best.field,
        found: shownWord(texts[best.field], folded, best.at),
        own: best.own,
      });
      score += best.value;
    }
  }
  // The trade asked for was found only through its synonyms, in a business whose name says it is
  // another trade of the sector.
  const otherTrade =
    hits.some((hit) => !hit.own && namesTrade(hit.word)) &&
    !hits.some((hit) => hit.own && namesTrade(hit.word)) &&
    namesAnotherTrade(
      fields[0]![1],
      terms.map((term) => term.word),
    );
  if (place) {
    words.push(place);
    found.add('place');
  }
  return {
    complete:
      words.length === terms.length + (place ? 1 : 0) && tier !== 3 && !outsidePlace && !otherTrade,
    words,
    fields: FIELD_ORDER.filter((field) => found.has(field)),
    fit: score,
    score: score - Math.min(1, fields[3]![1].length / 400),
    hits,
    otherTrade,
  };
}
