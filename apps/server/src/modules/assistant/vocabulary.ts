import type { Sector } from '@maya/contracts';
import { derived, lexicon, live, type Lexicon } from '../../lib/lexicon/index.js';
import type { Language } from './language.js';
import { normalize } from './text.js';

/**
 * Maya's view of the lexicon (`lib/lexicon/data/`): the trades people ask for, the sectors'
 * names, budget and filler words, as the dialogue, the reading of a message and the seller tools
 * use them. Every word is in the data files; this only indexes them.
 */

/** A noun as Maya writes it: singular, plural and, in Portuguese, its gender. */
export type Noun = readonly [singular: string, plural: string, gender?: 'm' | 'f'];

/**
 * A trade people ask for. Its nouns name it in answers ("I couldn't find a plumber in Faro");
 * nouns and cues (words of a need: "leak", "fuga") tell the sector. Trades with no sector are
 * still named, so "a dentist in Porto" is answered plainly instead of with the wrong sector.
 */
export interface Trade {
  id: string;
  sector: Sector | null;
  /** The sector's everyday business ("a beauty salon", "a builder"): any seller of it fits. */
  generic?: true;
  /** Trades it covers, by id: their sellers fit it too. */
  includes?: string[];
  en: Noun[];
  pt: Noun[];
  cues?: { en?: string[]; pt?: string[]; both?: string[] };
}

const nounOf = (noun: { one: string; many: string; gender?: 'm' | 'f' }): Noun =>
  noun.gender ? [noun.one, noun.many, noun.gender] : [noun.one, noun.many];

const trades = derived((lexicon): Trade[] =>
  lexicon.trades.map((entry) => ({
    id: entry.id,
    sector: entry.sector,
    ...(entry.generic && { generic: true as const }),
    ...(entry.includes && { includes: entry.includes }),
    en: entry.en.map(nounOf),
    pt: entry.pt.map(nounOf),
    ...(entry.cues && { cues: entry.cues }),
  })),
);

export const TRADES: Trade[] = live(trades);

/** The names of the sectors themselves: a search for one of them is the sector, not its words. */
export const SECTOR_NAMES: Record<Sector, string[]> = live(
  derived(
    (lexicon) =>
      Object.fromEntries(
        Object.entries(lexicon.sectors).map(([sector, entry]) => [sector, entry.names]),
      ) as Record<Sector, string[]>,
  ),
);

/** How Maya names a sector: singular and plural, with the Portuguese gender. */
export const SECTOR_NOUNS: Record<Sector | 'none', Record<Language, Noun>> = live(
  derived(
    (lexicon) =>
      Object.fromEntries(
        [...Object.entries(lexicon.sectors), ['none', lexicon.sectorNone] as const].map(
          ([sector, entry]) => [sector, { en: nounOf(entry.en), pt: nounOf(entry.pt) }],
        ),
      ) as Record<Sector | 'none', Record<Language, Noun>>,
  ),
);

/** Words that say "cheap" or "premium"; sellers list no prices, so their own words rank them. */
export const BUDGET_WORDS: Lexicon['budget'] = live(() => lexicon().budget);

/** Words that carry no subject of their own in a request. */
export const FILLER: ReadonlySet<string> = live(() => lexicon().filler.request);

export interface TradeHit {
  trade: Trade;
  /** Where in the message it was read (word index), so the first trade named leads. */
  at: number;
  /** The words of the message it was read from, normalized. */
  phrase: string;
  /** The same words as typed (or, for a misspelling, as the vocabulary writes them). */
  text: string;
  /** A noun (not a cue) was typed, so the answer may name the trade. */
  named: boolean;
  /** The language of the words typed, when only one language uses them. */
  language?: Language;
}

export interface Form {
  phrase: string;
  /** As written, with its accents: what a corrected typo is searched as. */
  text: string;
  /** The phrase as whole words in a message's free words. */
  pattern: RegExp;
  trade: Trade;
  named: boolean;
  language?: Language;
  /**
   * The trades a word declared ambiguous may name ("extension": a builder's or a lash
   * studio's): alone it names none; beside another word of one of them, that one.
   */
  ambiguous?: Trade[];
}

const forms = derived((lexicon) => {
  const all: Form[] = [];
  const languagesOf = new Map<string, Set<Language>>();
  const byId = new Map(trades().map((trade) => [trade.id, trade]));
  const ambiguous = new Map<string, Trade[]>();
  for (const entry of lexicon.ambiguous) {
    const candidates = entry.trades.map((id) => byId.get(id)!);
    for (const word of entry.words) ambiguous.set(normalize(word), candidates);
  }
  const seen = new Set<string>();
  const add = (phrase: string, trade: Trade, named: boolean, language?: Language) => {
    const plain = normalize(phrase);
    if (language) languagesOf.set(plain, (languagesOf.get(plain) ?? new Set()).add(language));
    const candidates = ambiguous.get(plain);
    // An ambiguous word is one form, whichever trade lists it.
    if (candidates && seen.has(plain)) return;
    seen.add(plain);
    const escaped = plain.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
    all.push({
      phrase: plain,
      text: phrase,
      trade,
      named,
      language,
      pattern: new RegExp(`(?<= )${escaped}(?= )`),
      ...(candidates && { ambiguous: candidates }),
    });
  };
  for (const trade of trades()) {
    for (const [singular, plural] of trade.en) {
      add(singular, trade, true, 'en');
      add(plural, trade, true, 'en');
    }
    for (const [singular, plural] of trade.pt) {
      add(singular, trade, true, 'pt');
      add(plural, trade, true, 'pt');
    }
    for (const cue of trade.cues?.en ?? []) add(cue, trade, false, 'en');
    for (const cue of trade.cues?.pt ?? []) add(cue, trade, false, 'pt');
    for (const cue of trade.cues?.both ?? []) add(cue, trade, false);
  }
  // A word both languages use tells neither.
  for (const form of all) {
    if ((languagesOf.get(form.phrase)?.size ?? 0) > 1) form.language = undefined;
  }
  // Longest first, so "hair salon" wins over "salon" and "wedding venue" over "venue".
  const sorted = all.sort((a, b) => b.phrase.length - a.phrase.length);
  return {
    all: sorted,
    // What a misspelled word is compared with: nouns, and cues long enough not to be other words.
    singleWords: sorted.filter(
      (form) => !form.phrase.includes(' ') && form.phrase.length >= (form.named ? 5 : 7),
    ),
  };
});

/** Every noun and cue of every trade, longest first. */
export const TRADE_FORMS: Form[] = live(() => forms().all);
/** The one-word forms a misspelled word is compared with. */
export const SINGLE_WORD_FORMS: Form[] = live(() => forms().singleWords);

/**
 * Every word for a trade, in every language sellers write: its nouns and cues as written. A
 * seller whose own words use one is of that trade even when the words searched were others.
 */
export function tradeVocabulary(trade: Trade): string[] {
  const covered = trades().filter((other) => trade.includes?.includes(other.id));
  return [
    ...new Set([
      ...covered.flatMap((other) => tradeVocabulary(other)),
      ...[...trade.en, ...trade.pt].flatMap(([singular, plural]) => [singular, plural]),
      ...(trade.cues?.en ?? []),
      ...(trade.cues?.pt ?? []),
      ...(trade.cues?.both ?? []),
    ]),
  ];
}
