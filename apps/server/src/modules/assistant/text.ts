import { foldLetters } from '../../lib/lexicon/index.js';

export { containsPhrase, editDistance, typoBudget } from '../../lib/lexicon/index.js';

/** Lower case without accents, as every search folds: "São Paulo" → "sao paulo", "Jørn" → "jorn". */
export function normalize(text: string): string {
  return foldLetters(text);
}

/** The words of a text, normalized: letters and digits only. */
export function wordsOf(text: string): string[] {
  return normalize(text).match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}
