/**
 * The gazetteer's index and the words it is asked about meet in the server's one fold and typo
 * rule (`lib/lexicon/fold.ts`): "São Paulo", "SAO PAULO" and "são-paulo" all fold to "sao paulo".
 */
export {
  fold,
  foldWords,
  letterMask,
  masksWithin,
  typoBudget,
  typoDistance,
} from '../../lib/lexicon/index.js';

const PLAIN_NAME = /^[A-Za-z][A-Za-z '.-]*$/;
const LATIN_NAME = /^[\p{Script=Latin}\p{M}'’ʼ‘. -]+$/u;

/**
 * Whether a name is written in the Latin script only (letters, spaces, hyphens, apostrophes and
 * full stops): the names people type here. The others (Cyrillic, Han, Arabic…) are not kept.
 */
export function isLatinName(name: string): boolean {
  return PLAIN_NAME.test(name) || LATIN_NAME.test(name);
}
