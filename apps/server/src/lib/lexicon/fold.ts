/**
 * The one fold, typo rule and edit distance of every word the server compares: the directory's
 * index and queries, the gazetteer and Maya. "São Paulo", "SAO PAULO" and "são-paulo" meet as
 * "sao paulo"; "Jørn" and "jorn" as "jorn". The SQL fold of the directory's index
 * (`db/schema/users.ts`) is built from the same letters, so both sides agree.
 */

/** Latin letters that NFKD does not split into a base letter and a mark, lower case. */
export const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
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
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
  ſ: 's',
};
const SPECIAL = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'g');
const MARKS = /\p{M}/gu;
const NOT_WORD = /[^a-z0-9]+/g;
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * Lower case, compatibility forms and accents undone (NFKD, marks dropped), and the letters NFKD
 * leaves alone spelt out (ø → o, æ → ae, ß → ss, ł → l…). Punctuation and spaces are kept.
 */
export function foldLetters(text: string): string {
  const lower = text.toLowerCase();
  // Most text is plain ASCII: only the rest pays for the Unicode normalisation.
  if (!NOT_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(SPECIAL, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

/**
 * `foldLetters`, then every run of characters that is not a Latin letter or a digit turned into
 * one space, trimmed: "Rua D. João V, 12" → "rua d joao v 12".
 */
export function fold(text: string): string {
  return foldLetters(text).replace(NOT_WORD, ' ').trim();
}

/** Folded words, split on spaces. */
export function foldWords(text: string): string[] {
  const folded = fold(text);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * The typos a word may carry, as Meilisearch and Typesense count them: none under 5 letters, one
 * from 5, two from 9.
 */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

// Reused rows: the distance runs for every candidate word of a typo lookup.
let previousRow = new Int32Array(32);
let row = new Int32Array(32);
let beforeRow = new Int32Array(32);

/**
 * Optimal string alignment distance (Damerau-Levenshtein with a swap of two neighbouring letters
 * as one edit: "hotle" → "hotel"), bounded: once it must exceed `max` it stops and returns
 * `max + 1`, so comparing a word with a long list stays cheap.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
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
    if (rowMin > max) return max + 1;
    const oldest = beforeRow;
    beforeRow = previousRow;
    previousRow = row;
    row = oldest;
  }
  const distance = previousRow[m]!;
  return distance > max ? max + 1 : distance;
}

/**
 * `editDistance` with a typo in the first letter counting two (as in Meilisearch), so "Lisbon" is
 * one typo from "Lisbn" but "Fisbon" is two; `Infinity` beyond `max`. Common beginnings and
 * endings are skipped before the table is filled.
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
  const distance = editDistance(
    query.slice(start, queryEnd),
    candidate.slice(start, candidateEnd),
    max,
  );
  return distance > max ? Infinity : distance;
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

/** The Latin letters a SQL fold maps: Latin-1, Extended-A and -B, and Extended Additional. */
const LATIN_RANGES: [number, number][] = [
  [0x00c0, 0x024f],
  [0x1e00, 0x1eff],
];

/**
 * `foldLetters` as a table SQL can apply (`translate()` then `replace()`, both immutable, so a
 * generated column may use them): every accented or special Latin letter, upper and lower case,
 * with its plain form. `single` maps one letter to one (its `from` longer than `to`: the
 * combining marks at its end are deleted); `multiple` lists the letters that fold to two (æ → ae).
 */
export function foldTable(): { from: string; to: string; multiple: [string, string][] } {
  let from = '';
  let to = '';
  const multiple: [string, string][] = [];
  for (const [start, end] of LATIN_RANGES) {
    for (let code = start; code <= end; code += 1) {
      const letter = String.fromCodePoint(code);
      const plain = foldLetters(letter);
      if (plain === letter || !/^[a-z]+$/.test(plain)) continue;
      if (plain.length === 1) {
        from += letter;
        to += plain;
      } else multiple.push([letter, plain]);
    }
  }
  for (let code = 0x0300; code <= 0x036f; code += 1) from += String.fromCodePoint(code);
  return { from, to, multiple };
}

/** A letter or a digit, in any script: what a word is made of. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Whether `index` falls between the two halves of a character outside the first plane. */
const splitsPair = (text: string, index: number) =>
  index > 0 && isHigh(text.charCodeAt(index - 1)) && isLow(text.charCodeAt(index));

/** Whether the character (code point) ending just before `index` is a letter or a digit. */
function wordCharacterBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const start = index >= 2 && splitsPair(text, index - 1) ? index - 2 : index - 1;
  return WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(start)!));
}

/** Whether the character (code point) starting at `index` is a letter or a digit. */
function wordCharacterAt(text: string, index: number): boolean {
  if (index >= text.length) return false;
  return WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(index)!));
}

/**
 * Whether `phrase` occurs in folded `text` as whole words: with neither a letter nor a digit
 * right before or after it. Found with `indexOf`, not a regular expression built per phrase:
 * those are compiled again after each garbage collection, and the outbound check alone asks for
 * hundreds of phrases per message.
 */
export function containsPhrase(text: string, phrase: string): boolean {
  if (!phrase) return false;
  for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) {
    if (wholeWordsAt(text, at, at + phrase.length)) return true;
  }
  return false;
}

/** Whether `text` from `at` to `end` is whole words: no letter, digit or half a pair beside it. */
function wholeWordsAt(text: string, at: number, end: number): boolean {
  return (
    !splitsPair(text, at) &&
    !splitsPair(text, end) &&
    !wordCharacterBefore(text, at) &&
    !wordCharacterAt(text, end)
  );
}

/**
 * `text` with each whole-word occurrence of `phrase` (as `containsPhrase` finds it) replaced by
 * `replacement`, from left to right, none overlapping: what a global regular expression with
 * look-arounds for letters and digits does, without compiling one per phrase.
 */
export function withoutPhrase(text: string, phrase: string, replacement = ' '): string {
  if (!phrase) return text;
  let rest = '';
  let from = 0;
  for (let at = text.indexOf(phrase); at !== -1;) {
    const end = at + phrase.length;
    const whole = wholeWordsAt(text, at, end);
    if (whole) {
      rest += text.slice(from, at) + replacement;
      from = end;
    }
    at = text.indexOf(phrase, whole ? end : at + 1);
  }
  return rest + text.slice(from);
}
