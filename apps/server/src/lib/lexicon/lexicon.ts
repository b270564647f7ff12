import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currencies, sectors, serviceUnits, type Sector } from '@maya/contracts';
import { z } from 'zod';
import { foldLetters } from './fold.js';

/**
 * The words the server reads, loaded from the JSON files in `words/` (or a folder named by
 * `LEXICON_DIR`) and checked with zod when the app starts: trades, sectors, filler, places, budget
 * and the cue phrases of a request. Code holds no word lists; it asks this.
 */

/** The lexicon shipped with the server. */
export const DEFAULT_LEXICON_DIR = fileURLToPath(new URL('./words/', import.meta.url));

const word = z.string().trim().min(1);
const words = z.array(word);
/**
 * A phrase with options, matched on folded words: "[x]" may be left out, "(a|b)" is one of
 * them, a letter followed by "+" may repeat ("hi+" is also "hiii"), "{name}" is what follows up
 * to punctuation ("tell me about {subject}").
 */
const pattern = word.refine((text) => {
  try {
    new RegExp(phraseRegex(text));
    return true;
  } catch {
    return false;
  }
}, 'Not a phrase: check its brackets [ ] and parentheses ( | )');

const noun = z.strictObject({ one: word, many: word, gender: z.enum(['m', 'f']).optional() });
const sectorName = z.enum(sectors as unknown as [Sector, ...Sector[]]);

const tradeSchema = z.strictObject({
  /** How other entries and tests name it: its first English noun, hyphenated. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'An id is lower case letters, digits and hyphens'),
  /** Its sector, or null for a trade no sector of the marketplace covers (it is still named). */
  sector: sectorName.nullable(),
  /** The sector's everyday business ("a builder", "a beauty salon"): any seller of it fits. */
  generic: z.literal(true).optional(),
  /** Trades it covers, by id: their sellers fit it too. */
  includes: z.array(z.string()).optional(),
  en: z.array(noun).min(1),
  pt: z.array(noun).min(1),
  /** Words of a need that point at it ("leak", "fuga"), per language or in both. */
  cues: z
    .strictObject({ en: words.optional(), pt: words.optional(), both: words.optional() })
    .optional(),
});
export type TradeEntry = z.infer<typeof tradeSchema>;

const tradesFile = z.strictObject({
  trades: z.array(tradeSchema).min(1),
  /**
   * Words declared to belong to more than one trade ("extension": a builder's and a lash
   * studio's). Alone they name none of them; beside another word of one of them, that one.
   */
  ambiguous: z.array(z.strictObject({ words: words.min(1), trades: z.array(z.string()).min(2) })),
});

const sectorNouns = z.strictObject({ en: noun, pt: noun });
const sectorsFile = z.strictObject({
  sectors: z.record(sectorName, sectorNouns.extend({ names: words })),
  none: sectorNouns,
});

const budgetLevel = z.strictObject({ ask: words, hint: words });
const budgetFile = z.strictObject({
  low: budgetLevel,
  high: budgetLevel,
  /** "under 200 euros": a price cap asks for the affordable ones. */
  priceCap: z.strictObject({ words, currenciesAfter: words, currenciesBefore: words }),
});

/**
 * How an amount is said: each currency's symbols and words ("€", "reais"), the words that cap a
 * price ("até", "no more than"), the units an amount buys ("por hora", "a night") and the words
 * that put a price forward in a chat ("I'll pay", "que tal", "faz por").
 */
const amountsFile = z.strictObject({
  currencies: z.record(z.enum(currencies), z.strictObject({ symbols: words, words })),
  caps: words,
  units: z.partialRecord(z.enum(serviceUnits), words),
  offers: words,
});

const fillerFile = z.strictObject({
  /** Words that carry no subject of their own in a request to Maya. */
  request: words,
  /** Words that say how, not what: dropped from a search box's query unless nothing else is left. */
  search: words,
});

const articles = z.enum(['o', 'a', 'os', 'as']);
const placesFile = z.strictObject({
  /** Words before a place in a request: "in" and "em" say it is one, "no"/"na" maybe, "near" a landmark. */
  placeWords: z.array(z.strictObject({ words: word, how: z.enum(['in', 'near', 'maybe']) })),
  /** Words that say where the asker is: what follows is a place even if it is also a word. */
  strongPlaceWords: words,
  /** Words inside a place name that are not its end: "Rio de Janeiro", "Casa da Música". */
  joiners: words,
  /** Joiners that may start a place name: "São Paulo". */
  nameStarts: words,
  /** Words after "na"/"no" that are no place: "na verdade". */
  notPlaces: words,
  /** Words after "in"/"em" that start no place: "in my area". */
  notPlaceStarts: words,
  /** Words (one or two) that say a place follows, for the gazetteer's `findIn`. */
  gazetteerPrepositions: words,
  /** Words that put a place after them in a search box's query. */
  searchPrepositions: words,
  /** Words of a request that are no place though some towns share them (Salon, Spa, Casa). */
  commonWords: words,
  /** A common word alone is a place only when the place has at least this many people. */
  commonWordMinPopulation: z.number().int().positive(),
  /** Portuguese places that take an article ("no Porto", "na Amadora"); the rest take "em". */
  articles: z.record(articles, words),
  /** Countries that end an address: no town, and too wide to search around. */
  addressCountries: words,
  /** Regions that end an address ("Lagos, Algarve"): no town, but a place to search around. */
  addressRegions: words,
  /** How a street starts ("rua", "av."): a part of an address that starts so is never its town. */
  streetStarts: z.array(pattern),
  /** First-level divisions the place data gives as letter codes (US states, UK nations). */
  adminNames: z.record(z.string().regex(/^[A-Z]{2}$/), z.record(z.string(), word)),
});

const languagesFile = z.strictObject({
  /** Words only English uses (short messages are judged by them); words both share are left out. */
  en: words,
  /** Words only Portuguese uses. */
  pt: words,
});

const cuesFile = z.strictObject({
  nearMe: z.array(pattern),
  /** "anywhere is fine", "em qualquer lado": no limit to how far a business may be. */
  anywhere: z.array(pattern),
  there: z.array(pattern),
  smallTalk: z.array(
    z.strictObject({
      kind: z.enum(['greeting', 'wellbeing', 'thanks', 'bye', 'capabilities', 'laugh']),
      phrases: z.array(pattern),
    }),
  ),
  /** Words that greet only beside other small talk ("e aí, beleza?"). */
  greetingAlone: words,
  moreAbout: z.array(pattern),
  moreAlone: z.array(pattern),
  pronouns: words,
  closer: z.array(z.strictObject({ phrase: pattern, until: words })),
  ordinals: z.record(word, z.number().int()),
  ambiguousOrdinals: words,
  possessives: words,
  radiusUnits: words,
});

const searchFile = z.strictObject({
  /** Endings a search word is stemmed by ("plumbers" → "plumb"), longest tried first. */
  suffixes: z.strictObject({ en: words, iberian: words }),
  /**
   * Words the search box treats as one, besides each trade's nouns: a searched word of a group
   * also finds the others. A `generic` group names the sector as a whole.
   */
  groups: z.array(
    z.strictObject({ sector: sectorName, generic: z.boolean().optional(), words: words.min(1) }),
  ),
});

const FILES = {
  trades: tradesFile,
  sectors: sectorsFile,
  budget: budgetFile,
  amounts: amountsFile,
  filler: fillerFile,
  places: placesFile,
  cues: cuesFile,
  search: searchFile,
  languages: languagesFile,
} as const;

type Files = { [name in keyof typeof FILES]: z.infer<(typeof FILES)[name]> };

export interface Lexicon {
  dir: string;
  trades: TradeEntry[];
  ambiguous: Files['trades']['ambiguous'];
  sectors: Files['sectors']['sectors'];
  sectorNone: Files['sectors']['none'];
  budget: Files['budget'];
  amounts: Files['amounts'];
  filler: { request: ReadonlySet<string>; search: ReadonlySet<string> };
  places: Files['places'];
  cues: Files['cues'];
  search: Files['search'];
  languages: { en: ReadonlySet<string>; pt: ReadonlySet<string> };
}

/** A lexicon file that is missing, not JSON or not as described: the app does not start. */
export class LexiconError extends Error {
  override name = 'LexiconError';
}

function readFile<Name extends keyof typeof FILES>(dir: string, name: Name): Files[Name] {
  const path = join(dir, `${name}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new LexiconError(`Lexicon file ${path}: ${(error as Error).message}`);
  }
  const parsed = FILES[name].safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `  at ${issue.path.join('.') || '(top)'}: ${issue.message}`)
      .join('\n');
    throw new LexiconError(`Lexicon file ${path} is not valid:\n${problems}`);
  }
  return parsed.data as Files[Name];
}

/** Reads and checks every file of a lexicon folder; throws a `LexiconError` naming the problem. */
export function loadLexicon(dir: string = DEFAULT_LEXICON_DIR): Lexicon {
  const trades = readFile(dir, 'trades');
  const sectorsData = readFile(dir, 'sectors');
  const ids = new Set(trades.trades.map((trade) => trade.id));
  const problems: string[] = [];
  if (ids.size !== trades.trades.length) problems.push('two trades share an id');
  for (const trade of trades.trades) {
    for (const id of trade.includes ?? []) {
      if (!ids.has(id)) problems.push(`trade ${trade.id} includes unknown trade ${id}`);
    }
  }
  for (const entry of trades.ambiguous) {
    for (const id of entry.trades) {
      if (!ids.has(id)) problems.push(`ambiguous ${entry.words.join('/')}: unknown trade ${id}`);
    }
  }
  for (const sector of sectors) {
    if (!sectorsData.sectors[sector]) problems.push(`sectors.json has no entry for ${sector}`);
  }
  if (problems.length > 0) {
    throw new LexiconError(`Lexicon in ${dir} is not valid:\n  ${problems.join('\n  ')}`);
  }
  const filler = readFile(dir, 'filler');
  return {
    dir,
    trades: trades.trades,
    ambiguous: trades.ambiguous,
    sectors: sectorsData.sectors,
    sectorNone: sectorsData.none,
    budget: readFile(dir, 'budget'),
    amounts: readFile(dir, 'amounts'),
    filler: {
      request: new Set(filler.request.map(foldLetters)),
      search: new Set(filler.search.map(foldLetters)),
    },
    places: readFile(dir, 'places'),
    cues: readFile(dir, 'cues'),
    search: readFile(dir, 'search'),
    languages: (({ en, pt }) => ({
      en: new Set(en.map(foldLetters)),
      pt: new Set(pt.map(foldLetters)),
    }))(readFile(dir, 'languages')),
  };
}

let current: Lexicon | undefined;

/** The lexicon in use: the one the app started with, or the shipped one. */
export function lexicon(): Lexicon {
  current ??= loadLexicon();
  return current;
}

/** Puts a lexicon in use for the whole process (the app does at start, from `LEXICON_DIR`). */
export function useLexicon(next: Lexicon): void {
  current = next;
}

/**
 * A value computed from the lexicon in use, computed again only when another is put in use: the
 * indexes and patterns built from the word lists.
 */
export function derived<T>(build: (lexicon: Lexicon) => T): () => T {
  let from: Lexicon | undefined;
  let value: T;
  return () => {
    const now = lexicon();
    if (from !== now) {
      value = build(now);
      from = now;
    }
    return value;
  };
}

/**
 * The regular expression source of a phrase with options (see `pattern`), on folded text:
 * "[x]" → "(?:x)?", "(a|b)" → "(?:a|b)", "x+" kept, "{name}" → "([^|]+?)", the rest literal.
 */
export function phraseRegex(phrase: string): string {
  let source = '';
  const text = foldLetters(phrase);
  for (let index = 0; index < text.length; index += 1) {
    const letter = text[index]!;
    if (letter === '[' || letter === '(') source += '(?:';
    else if (letter === ']') source += ')?';
    else if (letter === ')' || letter === '|' || letter === '+') source += letter;
    else if (letter === '{') {
      const end = text.indexOf('}', index);
      if (end < 0) throw new SyntaxError('"{" without "}"');
      source += '([^|]+?)';
      index = end;
    } else source += letter.replace(/[.*?^${}()|[\]\\]/g, '\\$&');
  }
  return source;
}

/** The phrases as one pattern of whole words on a message's folded words (longest first). */
export function phrasesPattern(phrases: readonly string[], flags = ''): RegExp {
  const sources = [...phrases].sort((a, b) => b.length - a.length).map(phraseRegex);
  return new RegExp(`(?<= )(?:${sources.join('|')})(?= )`, flags);
}

/** The Portuguese article a place takes ("o" for Porto, "a" for Amadora), if any. */
export const placeArticle = (() => {
  const byName = derived(
    (lexicon) =>
      new Map(
        Object.entries(lexicon.places.articles).flatMap(([article, names]) =>
          names.map((name) => [foldLetters(name), article as 'o' | 'a' | 'os' | 'as'] as const),
        ),
      ),
  );
  return (place: string) => byName().get(foldLetters(place).trim());
})();

/** A value read from the lexicon in use each time it is touched, under a fixed name. */
export function live<T extends object>(read: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = read();
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
    has: (_, key) => Reflect.has(read(), key),
    ownKeys: () => Reflect.ownKeys(read()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(read(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * A set read from the lexicon in use each time it is asked, under a fixed name (a `Set`, for
 * callers that take one); it cannot be changed.
 */
export function liveSet(read: () => ReadonlySet<string>): Set<string> {
  return new LiveSet(read);
}

class LiveSet extends Set<string> {
  constructor(private readonly read: () => ReadonlySet<string>) {
    super();
  }
  override has(value: string): boolean {
    return this.read().has(value);
  }
  override get size(): number {
    return this.read().size;
  }
  override forEach(
    callback: (value: string, key: string, set: Set<string>) => void,
    thisArg?: unknown,
  ): void {
    for (const value of this.read()) callback.call(thisArg, value, value, this);
  }
  override entries(): SetIterator<[string, string]> {
    return this.read().entries();
  }
  override keys(): SetIterator<string> {
    return this.read().keys();
  }
  override values(): SetIterator<string> {
    return this.read().values();
  }
  override [Symbol.iterator](): SetIterator<string> {
    return this.read()[Symbol.iterator]();
  }
  override add(): this {
    throw new TypeError('The lexicon is changed in its files, not in code');
  }
  override delete(): boolean {
    throw new TypeError('The lexicon is changed in its files, not in code');
  }
  override clear(): void {
    throw new TypeError('The lexicon is changed in its files, not in code');
  }
}
