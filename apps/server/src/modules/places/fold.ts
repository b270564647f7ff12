/**
 * Folding and typo rules shared by the gazetteer's index and the words it is asked about, so a
 * name and a query meet in one form: "São Paulo", "SAO PAULO" and "são-paulo" all fold to
 * "sao paulo".
 */

/** Latin letters that NFD does not split into a base letter and a mark. */
const LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŀ: 'l',
};
const SPECIAL_LETTERS = /[øæœßłđðþıħŀ]/g;
const MARKS = /\p{M}/gu;
const NOT_WORD = /[^a-z0-9]+/g;

/**
 * Lower case, accents stripped (NFD, marks dropped), punctuation and every other character that
 * is not a Latin letter or a digit turned into one space, trimmed.
 */
export function fold(text: string): string {
  let value = text.toLowerCase();
  // Most names are plain ASCII: only the others pay for the Unicode normalisation.
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(value)) {
    value = value
      .normalize('NFD')
      .replace(MARKS, '')
      .replace(SPECIAL_LETTERS, (letter) => LETTERS[letter] ?? letter);
  }
  return value.replace(NOT_WORD, ' ').trim();
}

/** Folded words, split on spaces. */
export function foldWords(text: string): string[] {
  const folded = fold(text);
  return folded === '' ? [] : folded.split(' ');
}

const PLAIN_NAME = /^[A-Za-z][A-Za-z '.-]*$/;
const LATIN_NAME = /^[\p{Script=Latin}\p{M}'’ʼ‘. -]+$/u;

/**
 * Whether a name is written in the Latin script only (letters, spaces, hyphens, apostrophes and
 * full stops): the names people type here. The others (Cyrillic, Han, Arabic…) are not kept.
 */
export function isLatinName(name: string): boolean {
  return PLAIN_NAME.test(name) || LATIN_NAME.test(name);
}

/**
 * The typos a query word may carry, as Meilisearch counts them: none under 5 letters, one from 5,
 * two from 9.
 */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * The optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions) of
 * two words, or `Infinity` as soon as it must exceed `max`. A typo in the first letter counts as
 * two (as in Meilisearch), so "Lisbon" is one typo from "Lisbn" but "Fisbon" is two.
 */
export function typoDistance(query: string, candidate: string, max: number): number {
  if (query === candidate) return 0;
  if (Math.abs(query.length - candidate.length) > max || max === 0) return Infinity;
  if (query[0] !== candidate[0]) {
    // One edit at the first letter (cost two) and nothing else: a replaced, missing, extra or
    // swapped first letter.
    if (max < 2) return Infinity;
    const rest = query.slice(1);
    const candidateRest = candidate.slice(1);
    return rest === candidateRest ||
      candidateRest === query ||
      rest === candidate ||
      (query[1] === candidate[0] &&
        query[0] === candidate[1] &&
        query.slice(2) === candidate.slice(2))
      ? 2
      : Infinity;
  }
  // Common beginnings and endings cost nothing: only the middles need comparing.
  let start = 1;
  const shorter = Math.min(query.length, candidate.length);
  while (start < shorter && query.charCodeAt(start) === candidate.charCodeAt(start)) start += 1;
  let queryEnd = query.length;
  let candidateEnd = candidate.length;
  while (
    queryEnd > start &&
    candidateEnd > start &&
    query.charCodeAt(queryEnd - 1) === candidate.charCodeAt(candidateEnd - 1)
  ) {
    queryEnd -= 1;
    candidateEnd -= 1;
  }
  const queryMiddle = queryEnd - start;
  const candidateMiddle = candidateEnd - start;
  if (max === 1) {
    // One typo: a letter missing, extra or replaced, or two neighbours swapped.
    if (queryMiddle + candidateMiddle <= 1) return 1;
    if (queryMiddle === 1 && candidateMiddle === 1) return 1;
    return queryMiddle === 2 &&
      candidateMiddle === 2 &&
      query[start] === candidate[start + 1] &&
      query[start + 1] === candidate[start]
      ? 1
      : Infinity;
  }
  return boundedOsa(query.slice(start, queryEnd), candidate.slice(start, candidateEnd), max);
}

/** Which of the letters a–z (and, as one bit, any other character) a word holds. */
export function letterMask(word: string): number {
  let mask = 0;
  for (let position = 0; position < word.length; position += 1) {
    const letter = word.charCodeAt(position) - 97;
    mask |= letter >= 0 && letter < 26 ? 1 << letter : 1 << 26;
  }
  return mask;
}

/**
 * A lower bound of what `typoDistance` can be, from two words' letter masks: an edit adds or
 * removes at most one letter on each side, so words whose letters differ by more than twice the
 * budget are further apart than it.
 */
export function masksWithin(a: number, b: number, max: number): boolean {
  let differing = a ^ b;
  let count = 0;
  while (differing !== 0) {
    differing &= differing - 1;
    count += 1;
    if (count > 2 * max) return false;
  }
  return true;
}

// Reused rows: the distance runs for every candidate word of a typo lookup.
let previousRow = new Int32Array(32);
let row = new Int32Array(32);
let beforeRow = new Int32Array(32);

/** OSA distance of a and b, or Infinity once every path exceeds `max`. */
function boundedOsa(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (m + 1 > row.length) {
    previousRow = new Int32Array(m + 1);
    row = new Int32Array(m + 1);
    beforeRow = new Int32Array(m + 1);
  }
  for (let j = 0; j <= m; j += 1) previousRow[j] = j;
  for (let i = 1; i <= n; i += 1) {
    row[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j += 1) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let value = Math.min(previousRow[j]! + 1, row[j - 1]! + 1, previousRow[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, beforeRow[j - 2]! + 1);
      }
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return Infinity;
    const oldest = beforeRow;
    beforeRow = previousRow;
    previousRow = row;
    row = oldest;
  }
  const distance = previousRow[m]!;
  return distance > max ? Infinity : distance;
}
