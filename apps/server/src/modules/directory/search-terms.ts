import type { Sector } from '@maya/contracts';
import {
  containsPhrase,
  derived,
  editDistance,
  foldLetters,
  lexicon,
  liveSet,
  typoBudget,
} from '../../lib/lexicon/index.js';

/**
 * How the directory reads a search: words folded as the index folds them, filler words dropped,
 * each remaining word widened to its stem, its synonyms (the lexicon's trades and search groups,
 * `lib/lexicon/words/`) and, when the directory's own vocabulary does not know it, the known
 * words one or two edits away.
 */

/** Lower case without accents: "São", "Sao" and "Jørn", "Jorn" are one word, as in the index. */
export function fold(text: string): string {
  return foldLetters(text);
}

/**
 * Letters and digits only: what reaches to_tsquery can never be operator syntax, whatever the
 * visitor typed. At most 32 words are read (a place may come last in a long sentence); at most
 * eight of them are searched for (`meaningfulWords`).
 */
export function searchWords(text: string): string[] {
  return (fold(text).match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => word.length <= 40)
    .slice(0, 32);
}

/** Words that put a place after them ("in Lisbon", "perto de Cascais"). */
export const placePrepositions = liveSet(() => prepositions());
const prepositions = derived((lexicon) => new Set(lexicon.places.searchPrepositions.map(fold)));

/** Words that say how, not what: dropped from a search unless nothing else is left. */
export function isFillerWord(word: string): boolean {
  return lexicon().filler.search.has(word);
}

const suffixes = derived((lexicon) =>
  [...new Set([...lexicon.search.suffixes.en, ...lexicon.search.suffixes.iberian])].sort(
    (a, b) => b.length - a.length,
  ),
);

/** Shortest stem kept: shorter ones would find unrelated words by prefix. */
const MIN_STEM = 4;

/**
 * A light stem for English, Portuguese and Spanish, searched as a prefix: "plumbers" → "plumb"
 * finds plumber and plumbing, "cabeleireiras" → "cabelei" finds cabeleireiro. Only the longest
 * ending that leaves four letters is removed; words under five letters are kept whole.
 */
export function stem(word: string): string {
  if (word.length < MIN_STEM + 1 || /\d/.test(word)) return word;
  for (const suffix of suffixes()) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM) {
      return word.slice(0, -suffix.length);
    }
  }
  return word;
}

/** Typo tolerance as Meilisearch and Typesense do it: 1 edit from 5 letters, 2 from 9. */
export const allowedEdits = typoBudget;

export { containsPhrase, editDistance };

/** A set of words the search treats as one: a search group, or a trade's one-word nouns. */
interface SynonymGroup {
  sector?: Sector;
  generic?: boolean;
  words: string[];
}

const synonyms = derived((lexicon) => {
  const byWord = new Map<string, SynonymGroup[]>();
  const add = (key: string, group: SynonymGroup) => {
    const known = byWord.get(key) ?? [];
    if (!known.includes(group)) byWord.set(key, [...known, group]);
  };
  for (const group of lexicon.search.groups) {
    for (const word of group.words) add(fold(word), group);
  }
  // A trade's nouns name it in the search box as they do to Maya: a noun the search groups do not
  // know (a word added to a trade) finds the trade's other nouns, so Maya and the search box agree.
  const searchGroupsOf = groupsIn(new Map(byWord));
  for (const trade of lexicon.trades) {
    const nouns = [...trade.en, ...trade.pt]
      .flatMap((noun) => [noun.one, noun.many])
      .filter((word) => !/\s/.test(word.trim()))
      .map(fold);
    const group: SynonymGroup = {
      ...(trade.sector && { sector: trade.sector }),
      generic: trade.generic ?? false,
      words: nouns,
    };
    for (const noun of nouns) if (searchGroupsOf(noun).length === 0) add(noun, group);
  }
  return { byWord, vocabulary: [...byWord.keys()] };
});
const synonymWords = derived(() => new Set(synonyms().vocabulary));

/** Trade words: a town that shares a name with one ("Salon", "Spa") is no place without "in". */
export const tradeWords = liveSet(() => synonymWords());

/** The synonym groups of a word in a table, directly or through its stem ("canalizadores"). */
function groupsIn(byWord: Map<string, SynonymGroup[]>) {
  return (word: string): SynonymGroup[] => {
    const direct = byWord.get(word);
    if (direct) return direct;
    const root = stem(word);
    if (root === word) return [];
    const found = new Set<SynonymGroup>();
    for (const [known, groups] of byWord) {
      if (known.length >= MIN_STEM && stem(known) === root) groups.forEach((g) => found.add(g));
    }
    return [...found];
  };
}

/** The synonym groups of a word, directly or through its stem ("canalizadores" → plumber). */
function groupsOf(word: string): SynonymGroup[] {
  return groupsIn(synonyms().byWord)(word);
}

/** A synonym-table word within the allowed edits of a misspelt word ("canalizdor"). */
function correctAgainstSynonyms(word: string): string[] {
  const limit = allowedEdits(word);
  if (limit === 0) return [];
  return synonyms().vocabulary.filter((known) => editDistance(word, known, limit) <= limit);
}

/** One word of a search and everything it may match in the index. */
export interface SearchTerm {
  /** The word as searched (folded). */
  word: string;
  /**
   * Index words it may match: exactly, or as a prefix when marked so; `own` for the word's own
   * forms and corrections, as against its synonyms.
   */
  alternatives: { token: string; prefix: boolean; own: boolean }[];
  /** The sector the word names, when it is a trade word. */
  sector?: Sector;
}

/** Every form of one index word: itself and, when long enough, its stem as a prefix. */
function formsOf(word: string): { token: string; prefix: boolean }[] {
  if (word.length < MIN_STEM) return [{ token: word, prefix: false }];
  return [{ token: stem(word), prefix: true }];
}

/**
 * A searched word widened to its stem and synonyms. `corrections` are index words within the
 * allowed edits of it, found by the repository when the index does not know the word itself.
 */
export function expandWord(word: string, corrections: string[] = []): SearchTerm {
  const spellings = [word, ...corrections];
  const groups = new Set<SynonymGroup>();
  for (const spelling of spellings) groupsOf(spelling).forEach((group) => groups.add(group));
  if (groups.size === 0) {
    for (const known of correctAgainstSynonyms(word)) {
      groupsOf(known).forEach((group) => groups.add(group));
    }
  }
  const alternatives = new Map<string, { token: string; prefix: boolean; own: boolean }>();
  const add = (text: string, own = false) => {
    for (const form of formsOf(text)) {
      const key = `${form.token}:${form.prefix}`;
      if (!alternatives.has(key)) alternatives.set(key, { ...form, own });
    }
  };
  spellings.forEach((spelling) => add(spelling, true));
  const sectors = new Set<Sector>();
  for (const group of groups) {
    group.words.forEach((synonym) =>
      fold(synonym)
        .match(/[\p{L}\p{N}]+/gu)
        ?.forEach((token) => add(token)),
    );
    // A word naming the whole sector finds every seller of it, through the sector's own name.
    if (group.generic && group.sector) group.sector.split('-').forEach((token) => add(token));
    if (group.sector) sectors.add(group.sector);
  }
  return {
    word,
    alternatives: [...alternatives.values()],
    ...(sectors.size === 1 && { sector: [...sectors][0] }),
  };
}

/** One term as a to_tsquery('simple') expression: any of its alternatives. */
export function termQuery(term: SearchTerm): string {
  return `(${term.alternatives
    .map((alternative) => (alternative.prefix ? `${alternative.token}:*` : alternative.token))
    .join(' | ')})`;
}

/** The words of a search that carry meaning: filler dropped, unless that leaves nothing. */
export function meaningfulWords(words: string[]): string[] {
  const kept = words.filter((word) => !isFillerWord(word));
  return (kept.length > 0 ? kept : words).slice(0, MAX_SEARCHED_WORDS);
}

/** Words searched for at most: each is one more condition on the index. */
const MAX_SEARCHED_WORDS = 8;

/**
 * The words profiles use, for correcting misspelt search words as Meilisearch does on its word
 * dictionary: a word the vocabulary knows (whole, or by its stem as the start of a word) is kept
 * as it is; otherwise the known words within the allowed edits stand in for it.
 */
export class Vocabulary {
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();

  constructor(terms: Iterable<string>) {
    this.sorted = [...new Set(terms)].sort();
    for (const term of this.sorted) {
      const bucket = this.byLength.get(term.length);
      if (bucket) bucket.push(term);
      else this.byLength.set(term.length, [term]);
    }
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Some known word starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return this.sorted[low]?.startsWith(prefix) ?? false;
  }

  /** Known words within the allowed edits of an unknown word, nearest first (at most five). */
  corrections(word: string): string[] {
    const limit = allowedEdits(word);
    if (limit === 0 || this.hasPrefix(stem(word))) return [];
    const found: [string, number][] = [];
    for (let length = word.length - limit; length <= word.length + limit; length += 1) {
      for (const term of this.byLength.get(length) ?? []) {
        const distance = editDistance(word, term, limit);
        if (distance <= limit) found.push([term, distance]);
      }
    }
    return found
      .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 5)
      .map(([term]) => term);
  }
}

/**
 * The trades a word asks for and the trades a business's name says it is, from the lexicon's
 * trades (generic ones, which name a whole sector, aside). A searched word asks for a trade when
 * it is one of the words of its nouns ("cabeleireiro", "hair" of "hair salon"); a name says a
 * trade when one of its words is one of the trade's one-word nouns ("Barbearia Lusitana").
 * Compared by stem. A trade that `includes` others asks for them too, and the trades it includes
 * stand in for each other (a place to stay: a hotel or a hostel).
 */
const tradeNames = derived((lexicon) => {
  const asked = new Map<string, Set<string>>();
  const named = new Map<string, Set<string>>();
  const sectorOf = new Map<string, Sector>();
  const kin = new Map<string, Set<string>>();
  const put = (table: Map<string, Set<string>>, word: string, id: string) => {
    const key = stem(word);
    const ids = table.get(key) ?? new Set<string>();
    ids.add(id);
    table.set(key, ids);
  };
  for (const trade of lexicon.trades) {
    const included = trade.includes ?? [];
    kin.set(trade.id, new Set([...(kin.get(trade.id) ?? []), ...included]));
    for (const id of included) kin.set(id, new Set([...(kin.get(id) ?? []), ...included]));
  }
  for (const trade of lexicon.trades) {
    if (trade.generic || !trade.sector) continue;
    sectorOf.set(trade.id, trade.sector);
    for (const noun of [...trade.en, ...trade.pt].flatMap((noun) => [noun.one, noun.many])) {
      const words = searchWords(noun);
      for (const word of words) {
        if (word.length > 2 && !isFillerWord(word)) put(asked, word, trade.id);
      }
      if (words.length === 1) put(named, words[0]!, trade.id);
    }
  }
  return { asked, named, sectorOf, kin };
});

/** The trades searched words ask for by name (with the trades those include), by id. */
function askedTrades(words: string[]): Set<string> {
  const table = tradeNames();
  return new Set(
    words
      .flatMap((word) => [...(table.asked.get(stem(word)) ?? [])])
      .flatMap((id) => [id, ...(table.kin.get(id) ?? [])]),
  );
}

/** Whether a searched word names a trade ("cabeleireiro", "barber"), as against a cue or a place. */
export function namesTrade(word: string): boolean {
  return askedTrades([word]).size > 0;
}

/**
 * A business whose own name says it is another trade of the same sector than the one the words
 * ask for: "Barbearia Lusitana" for "cabeleireiro", whose description's "corte de cabelo" is a
 * hairdresser's word. Its synonyms of the request do not make it the trade asked for. False when
 * the words name no trade, the name says none, or the name also says one asked for.
 */
export function namesAnotherTrade(nameWords: readonly string[], asked: string[]): boolean {
  const table = tradeNames();
  const wanted = askedTrades(asked);
  if (wanted.size === 0) return false;
  const named = new Set(nameWords.flatMap((word) => [...(table.named.get(stem(word)) ?? [])]));
  if (named.size === 0 || [...named].some((id) => wanted.has(id))) return false;
  const sectors = new Set([...wanted].map((id) => table.sectorOf.get(id)));
  return [...named].some((id) => sectors.has(table.sectorOf.get(id)));
}
