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

/**
 * Edit distance counting a swap of two neighbouring letters as one edit ("hotle" → "hotel"),
 * with an early exit above `max` (returns max + 1 then).
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Typos allowed for a word of this length: none below 5 letters, one below 9, then two. */
export function typoBudget(word: string): number {
  return word.length < 5 ? 0 : word.length < 9 ? 1 : 2;
}
