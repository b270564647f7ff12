import type { PlaceSuggestion } from '@maya/contracts';
import { COMMON_WORD_MIN_POPULATION, COMMON_WORDS, PLACE_PREPOSITIONS } from './common-words.js';
import { landmarks, landmarksByName } from './landmarks.js';
import { placeName } from './place-names.js';
import { fold, foldWords, typoBudget, typoDistance } from './fold.js';
import { gazetteer, warmGazetteer, type Gazetteer, type Place } from './gazetteer.js';
import { toPlaceSuggestion } from './places.policy.js';

export type { GazetteerPlace, Place, PlaceKind } from './place.js';
export { POINT_RADIUS_KM, searchRadiusKm } from './place.js';
export { fold, foldWords } from './fold.js';
export { COMMON_WORDS } from './common-words.js';

/** A place found among a query's words: words[start..end) name it. */
export interface PlaceInWords {
  place: Place;
  start: number;
  end: number;
}

export interface FindInOptions {
  /**
   * The caller's vocabulary (folded): words that mean a trade or a thing, not a place, added to
   * `COMMON_WORDS`. See `findIn`.
   */
  commonWords?: ReadonlySet<string>;
}

export interface SuggestOptions {
  /** At most this many places (1–10, 5 by default). */
  limit?: number;
  /** The language of `countryName` (a BCP 47 tag; English by default). */
  language?: string;
}

/** The offline gazetteer, for the address search and for other modules (their public face). */
export interface PlacesService {
  /**
   * The place a name stands for: an exact folded match of a place's name or alternate name
   * ("Lisboa", "LISBON", "sao paulo"), else one within the typos each word may carry ("Lisbn"),
   * the most populous first. "Name, Country" keeps to that country.
   */
  lookup(name: string): Place | undefined;
  /**
   * The place named inside a query's words (folded, as `foldWords` gives them), by runs of up
   * to three words, longest first: ["salon", "lisbon"] → Lisbon at 1..2. A run made only of
   * common words (`COMMON_WORDS` and `commonWords`: "salon", "spa", "best"…) or a typo that
   * leads to a place from one word alone names a place only after a place preposition ("in",
   * "near", "perto de"…) or when the place has at least 100,000 people; a common word, or one a
   * typo away from one, never reaches a place by a typo.
   */
  findIn(words: readonly string[], options?: FindInOptions): PlaceInWords | undefined;
  /**
   * The town a person at `point` is shown in to others, never anything finer, as the address
   * search labels it ("Lisbon, Portugal"): a place their address text names within
   * TOWN_NAMED_KM of the point (read from its last part backwards, where the town is written:
   * "Rua Augusta 1, 1100-048 Lisboa" → Lisbon), else the place that best accounts for the
   * point (`likeliestTown`). Undefined when no place is within TOWN_RANGE_KM. The result is the
   * gazetteer's, never a word of the text.
   */
  townAt(point: { lat: number; lng: number }, text?: string | null): PlaceSuggestion | undefined;
  /** Places whose name starts with the text, for an address box: "lisb" → Lisbon, Lisburn… */
  suggest(text: string, options?: SuggestOptions): Place[];
  /** Loads the gazetteer in the background (without blocking the event loop for long). */
  warm(): Promise<void>;
}

/** What a search reads places with: the place named in its words, and a client's town. */
export type PlaceFinder = Pick<PlacesService, 'findIn' | 'townAt'>;

/**
 * Nicknames and abbreviations people type for big cities, which GeoNames does not list as names
 * ("lx" for Lisbon, "sampa" for São Paulo). Folded; each maps to a name the gazetteer knows.
 */
const CITY_NICKNAMES = new Map([
  ['lx', 'lisbon'],
  ['lxa', 'lisbon'],
  ['oporto', 'porto'],
  ['sp', 'sao paulo'],
  ['sampa', 'sao paulo'],
  ['rj', 'rio de janeiro'],
  ['rio', 'rio de janeiro'],
  ['bh', 'belo horizonte'],
  ['beaga', 'belo horizonte'],
  ['floripa', 'florianopolis'],
  ['poa', 'porto alegre'],
  ['cwb', 'curitiba'],
  ['bsb', 'brasilia'],
  ['bcn', 'barcelona'],
  ['nyc', 'new york city'],
]);

/**
 * The longest run of words naming a landmark (landmarks.ts). One word alone must be long and
 * not a common word ("Copacabana"), or follow a place preposition ("perto do Retiro").
 */
function findLandmark(
  tokens: string[],
  isCommon: boolean[],
): { place: Place; start: number; end: number } | undefined {
  for (let length = Math.min(4, tokens.length); length >= 1; length -= 1) {
    for (let start = 0; start + length <= tokens.length; start += 1) {
      if (startsWithPreposition(tokens.slice(start, start + length), 0)) continue;
      const found = landmarksByName.get(tokens.slice(start, start + length).join(' '));
      if (!found) continue;
      const word = tokens[start]!;
      if (
        length === 1 &&
        !afterPreposition(tokens, start) &&
        (word.length < 7 || isCommon[start])
      ) {
        continue;
      }
      return {
        place: {
          id: 0,
          name: found.name,
          country: found.country,
          admin: found.city,
          lat: found.lat,
          lng: found.lng,
          population: 0,
          landmark: true,
        },
        start,
        end: start + length,
      };
    }
  }
  return undefined;
}

/**
 * Landmarks one of whose names starts with the folded text (five letters or more), in the
 * table's order, as places of their city: "marques de p" → Marquês de Pombal (Lisbon).
 */
function landmarksStartingWith(
  folded: string,
  country: string | undefined,
  language: string,
): Place[] {
  if (folded.length < 5) return [];
  return landmarks.flatMap((landmark, index) => {
    if (country && landmark.country !== country) return [];
    const names = [landmark.name, ...(landmark.also ?? [])].map(fold);
    if (!names.some((name) => name.startsWith(folded))) return [];
    return [
      {
        // Landmarks are no GeoNames place: negative ids keep them apart.
        id: -(index + 1),
        name: landmark.name,
        country: landmark.country,
        countryName: countryName(landmark.country, language),
        admin: placeName(landmark.city, language.toLowerCase().startsWith('pt') ? 'pt' : 'en'),
        lat: landmark.lat,
        lng: landmark.lng,
        population: 0,
        landmark: true,
      },
    ];
  });
}

/** A town named in an address counts only this near the person's point, in kilometres. */
export const TOWN_NAMED_KM = 15;
/** How far from a point its town is looked for, in kilometres. */
export const TOWN_RANGE_KM = 50;

/**
 * The place that best accounts for a point: the greatest population over (1 + km)³ within
 * TOWN_RANGE_KM, so a point inside a city is the city rather than a smaller place nearer its
 * middle (Lisbon, not one of its parishes), and one by a small town is that town rather than a
 * city half an hour away. Cities1000 lists a few places without a population: they count as the
 * thousand people every place in it has.
 */
function likeliestTown(g: Gazetteer, lat: number, lng: number): number | undefined {
  let best: number | undefined;
  let bestScore = 0;
  for (const { index, km } of g.near(lat, lng, TOWN_RANGE_KM)) {
    const score = Math.max(1_000, g.population(index)) / (1 + km) ** 3;
    if (score > bestScore || (score === bestScore && best !== undefined && index < best)) {
      best = index;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The town an address text names near a point: its comma-separated parts from the last, and in
 * each the runs of up to three words, longest first and nearest the part's end first. Words
 * with a digit (house numbers, postcodes) are in no run; one word alone has three letters or
 * more. Only places within TOWN_NAMED_KM of the point are taken, so a street named after a
 * town elsewhere is no town.
 */
function townNamedIn(g: Gazetteer, lat: number, lng: number, text: string): number | undefined {
  const near = (index: number) => g.kmTo(index, lat, lng) <= TOWN_NAMED_KM;
  const parts = text.slice(0, MAX_TEXT).split(',').map(foldWords).reverse();
  for (const words of parts) {
    for (let length = Math.min(MAX_RUN, words.length); length >= 1; length -= 1) {
      for (let start = words.length - length; start >= 0; start -= 1) {
        const run = words.slice(start, start + length);
        if (run.some((word) => /\d/.test(word))) continue;
        if (length === 1 && run[0]!.length < 3) continue;
        const index = g.exact(run.join(' '), near);
        if (index !== undefined) return index;
      }
    }
  }
  return undefined;
}

/** Longer texts are cut: no place name is this long, and the work stays bounded. */
const MAX_TEXT = 200;
/** A run of up to this many words may name a place ("rio de janeiro"). */
const MAX_RUN = 3;

/** Country names by the locale Intl resolved a language to, then code ('' when none). */
const countryNames = new Map<string, Map<string, string>>();
/** The locale each language tag asked for resolves to (a few tags kept). */
const resolved = new Map<string, { locale: string; display: Intl.DisplayNames }>();

function displayFor(language: string): { locale: string; display: Intl.DisplayNames } {
  const known = resolved.get(language);
  if (known) return known;
  let display: Intl.DisplayNames;
  try {
    display = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
  } catch {
    display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  }
  const answer = { locale: display.resolvedOptions().locale, display };
  // Tags are the client's; the locales they resolve to are ICU's, a bounded set.
  if (resolved.size < 64) resolved.set(language, answer);
  return answer;
}

/** A country's name in a language (English when Intl does not know the language). */
export function countryName(code: string, language = 'en'): string | undefined {
  const { locale, display } = displayFor(language);
  let names = countryNames.get(locale);
  if (!names) {
    names = new Map();
    countryNames.set(locale, names);
  }
  let name = names.get(code);
  if (name === undefined) {
    try {
      name = display.of(code) ?? '';
    } catch {
      name = '';
    }
    names.set(code, name);
  }
  return name || undefined;
}

/** Folded country names by locale (English, Portuguese, any other asked for) → codes. */
const countriesByName = new Map<string, Map<string, string>>();

function countryCodeFor(
  text: string,
  codes: readonly string[],
  language: string,
): string | undefined {
  const folded = fold(text);
  if (/^[a-z]{2}$/.test(folded) && codes.includes(folded.toUpperCase())) {
    return folded.toUpperCase();
  }
  for (const tag of new Set(['en', 'pt', language])) {
    const { locale } = displayFor(tag);
    let names = countriesByName.get(locale);
    if (!names) {
      names = new Map();
      for (const code of codes) {
        const name = countryName(code, tag);
        if (name) names.set(fold(name), code);
      }
      countriesByName.set(locale, names);
    }
    const code = names.get(folded);
    if (code) return code;
  }
  return undefined;
}

/**
 * A text as "name, more, more…": its parts that may name the place, and the country a later part
 * names ("Porto, Portugal", "Lisbon, PT"), if any.
 */
function parseText(text: string, codes: readonly string[], language: string) {
  const parts = text
    .slice(0, MAX_TEXT)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  let country: string | undefined;
  const names = parts.filter((part, position) => {
    if (position === 0 || country !== undefined) return true;
    country = countryCodeFor(part, codes, language);
    return country === undefined;
  });
  return { names, country };
}

function startsWithPreposition(words: readonly string[], at: number): boolean {
  return PLACE_PREPOSITIONS.some((preposition) =>
    preposition.every((word, offset) => words[at + offset] === word),
  );
}

/** Whether the words just before `start` are a place preposition. */
function afterPreposition(words: readonly string[], start: number): boolean {
  return PLACE_PREPOSITIONS.some(
    (preposition) =>
      start >= preposition.length &&
      preposition.every((word, offset) => words[start - preposition.length + offset] === word),
  );
}

export function createPlacesService(): PlacesService {
  /** What `findIn` knows of each word: common, or a typo away from a common word. */
  function vocabulary(words: string[], extra: ReadonlySet<string> | undefined) {
    const known = extra ? [...COMMON_WORDS, ...extra] : [...COMMON_WORDS];
    const isCommon = words.map((word) => COMMON_WORDS.has(word) || (extra?.has(word) ?? false));
    const nearCommon = words.map((word, position) => {
      if (isCommon[position]) return true;
      const budget = typoBudget(word);
      return budget > 0 && known.some((other) => typoDistance(word, other, budget) !== Infinity);
    });
    return { isCommon, nearCommon };
  }

  function byName(g: Gazetteer, text: string, country: string | undefined): number | undefined {
    const words = foldWords(text);
    if (words.length === 0) return undefined;
    const accept = country ? (index: number) => g.countryOf(index) === country : undefined;
    return g.exact(words.join(' '), accept) ?? g.withTypos(words, accept)?.index;
  }

  return {
    lookup(name) {
      if (typeof name !== 'string') return undefined;
      const g = gazetteer();
      const { names, country } = parseText(name, g.countryCodes(), 'en');
      // "Rua Augusta, Lisboa": when the first part is no place, a later one may be.
      for (const part of names) {
        const index =
          byName(g, part, country) ?? (country ? byName(g, part, undefined) : undefined);
        if (index !== undefined) return g.place(index, (code) => countryName(code));
      }
      return undefined;
    },

    findIn(words, options = {}) {
      const g = gazetteer();
      const tokens = words.slice(0, 40).map((word) => fold(String(word)));
      const { isCommon, nearCommon } = vocabulary(tokens, options.commonWords);
      let best:
        | { index: number; start: number; end: number; exact: boolean; anchored: boolean }
        | undefined;
      const better = (candidate: NonNullable<typeof best>) => {
        if (!best) return true;
        const length = candidate.end - candidate.start;
        const bestLength = best.end - best.start;
        if (length !== bestLength) return length > bestLength;
        if (candidate.exact !== best.exact) return candidate.exact;
        if (candidate.anchored !== best.anchored) return candidate.anchored;
        return g.population(candidate.index) > g.population(best.index);
      };

      const landmark = findLandmark(tokens, isCommon);
      for (let length = Math.min(MAX_RUN, tokens.length); length >= 1; length -= 1) {
        for (let start = 0; start + length <= tokens.length; start += 1) {
          const run = tokens.slice(start, start + length);
          if (run.some((word) => word === '' || word.includes(' '))) continue;
          // A preposition says a place follows; it does not begin one.
          if (startsWithPreposition(run, 0)) continue;
          const anchored = afterPreposition(tokens, start);
          const alias = length === 1 ? CITY_NICKNAMES.get(run[0]!) : undefined;
          if (alias) {
            const index = g.exact(alias);
            const candidate = index !== undefined && {
              index,
              start,
              end: start + 1,
              exact: true,
              anchored,
            };
            if (candidate && better(candidate)) best = candidate;
            continue;
          }
          if (length === 1 && run[0]!.length < 3) continue;
          const allCommon = isCommon.slice(start, start + length).every(Boolean);
          let index = g.exact(run.join(' '));
          let exact = true;
          if (index === undefined && run.some((word) => typoBudget(word) > 0)) {
            if (nearCommon.slice(start, start + length).some(Boolean)) continue;
            index = g.withTypos(run)?.index;
            exact = false;
          }
          if (index === undefined) continue;
          const guarded = allCommon || (!exact && length === 1);
          if (guarded && !anchored && g.population(index) < COMMON_WORD_MIN_POPULATION) continue;
          const candidate = { index, start, end: start + length, exact, anchored };
          if (better(candidate)) best = candidate;
        }
        // Longest first: a longer run that names a place wins over any shorter one.
        if (best) break;
      }
      // A landmark named by as many words as the town, or more, is what was meant ("Copacabana"
      // in a Rio search is the beach, not the Colombian town).
      if (landmark && (!best || landmark.end - landmark.start >= best.end - best.start)) {
        return landmark;
      }
      return (
        best && {
          place: g.place(best.index, (code) => countryName(code)),
          start: best.start,
          end: best.end,
        }
      );
    },

    townAt(point, text) {
      const { lat, lng } = point;
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90) return undefined;
      const g = gazetteer();
      const index =
        (typeof text === 'string' && text ? townNamedIn(g, lat, lng, text) : undefined) ??
        likeliestTown(g, lat, lng);
      return index === undefined
        ? undefined
        : toPlaceSuggestion(g.place(index, (code) => countryName(code)));
    },

    suggest(text, options = {}) {
      if (typeof text !== 'string') return [];
      const limit = Math.min(10, Math.max(1, Math.floor(options.limit ?? 5) || 5));
      const language = options.language ?? 'en';
      const g = gazetteer();
      const { names, country } = parseText(text, g.countryCodes(), language);
      const accept = country ? (index: number) => g.countryOf(index) === country : undefined;
      const found: number[] = [];
      for (const part of names) {
        const folded = fold(part);
        if (!folded) continue;
        // More than asked for: namesakes the labels cannot tell apart are dropped below.
        found.push(...g.prefixed(folded, limit * 3, accept));
        if (found.length < limit) {
          const words = folded.split(' ');
          const typo = words.some((word) => typoBudget(word) > 0)
            ? g.withTypos(words, accept)
            : undefined;
          if (typo && !found.includes(typo.index)) found.push(typo.index);
        }
        if (found.length > 0) break;
      }
      // Landmarks and neighbourhoods whose name starts with the text ("Marquês de Pombal"): up
      // to half the answer, after the towns.
      const spots = landmarksStartingWith(fold(names[0] ?? ''), country, language).slice(
        0,
        Math.ceil(limit / 2),
      );
      // One entry per label: namesakes in one country that the label cannot tell apart show
      // the most relevant only.
      const labels = new Set<string>();
      const places: Place[] = [];
      for (const index of found) {
        const place = g.place(index, (code) => countryName(code, language));
        const label = `${place.name}|${place.admin ?? ''}|${place.country}`;
        if (labels.has(label)) continue;
        labels.add(label);
        places.push(place);
        if (places.length === limit - spots.length) break;
      }
      return [...places, ...spots];
    },

    warm: warmGazetteer,
  };
}
