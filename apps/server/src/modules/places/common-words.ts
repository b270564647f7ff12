import { foldWords, lexicon, live, liveSet } from '../../lib/lexicon/index.js';

/**
 * The lexicon's place words (`lib/lexicon/words/places.json`) as the gazetteer's `findIn` reads
 * them: words of a request that are not places though some towns share them (Salon, Spa, Casa),
 * and the words that say a place follows.
 */

/** Common words, folded: a trade unless a place preposition comes first or the place is large. */
export const COMMON_WORDS: ReadonlySet<string> = liveSet(
  () => new Set(lexicon().places.commonWords.flatMap(foldWords)),
);

/** A common word alone is a place only when the place has at least this many people. */
export const COMMON_WORD_MIN_POPULATION = lexicon().places.commonWordMinPopulation;

/** Words that say a place follows ("in Lisbon", "perto de Lisboa"), folded, one or two words. */
export const PLACE_PREPOSITIONS: readonly (readonly string[])[] = live(() =>
  lexicon().places.gazetteerPrepositions.map(foldWords),
);
