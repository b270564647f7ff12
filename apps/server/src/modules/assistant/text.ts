import { editDistance as boundedEditDistance } from '../../lib/edit-distance.js';
/** Lower case without accents: "São Paulo" → "sao paulo". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words of a text, normalized: letters and digits only. */
export function wordsOf(text: string): string[] {
  return normalize(text).match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

/** Whether `phrase` occurs in normalized `text` as whole words. */
export function containsPhrase(text: string, phrase: string): boolean {
  if (!phrase) return false;
  return new RegExp(
    `(^|[^\\p{L}\\p{N}])${phrase.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
    'u',
  ).test(text);
}

/** Edit distance with a neighbour swap as one edit ("hotle" → "hotel"); max + 1 above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  return boundedEditDistance(a, b, max);
}

/** Typos allowed for a word of this length: none below 5 letters, one below 9, then two. */
export function typoBudget(word: string): number {
  return word.length < 5 ? 0 : word.length < 9 ? 1 : 2;
}
