import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsPhrase, withoutPhrase } from './fold.js';

/** The definition: the phrase with neither a letter nor a digit right before or after it. */
const byDefinition = (text: string, phrase: string) =>
  phrase !== '' &&
  new RegExp(
    `(^|[^\\p{L}\\p{N}])${phrase.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
    'u',
  ).test(text);

describe('a phrase in a text, as whole words', () => {
  it('is found between spaces, punctuation and the ends, never inside a word or a number', () => {
    expect(containsPhrase('legally binding offer', 'legally binding')).toBe(true);
    expect(containsPhrase('it is (legally binding).', 'legally binding')).toBe(true);
    expect(containsPhrase('illegally binding', 'legally binding')).toBe(false);
    expect(containsPhrase('desconto de 10%', 'desconto')).toBe(true);
    expect(containsPhrase('descontos', 'desconto')).toBe(false);
    expect(containsPhrase('250 euros', '250')).toBe(true);
    expect(containsPhrase('1250 euros', '250')).toBe(false);
    expect(containsPhrase('x2 urgente', 'urgente')).toBe(true);
    expect(containsPhrase('anything', '')).toBe(false);
    // A later occurrence counts when an earlier one is inside a word.
    expect(containsPhrase('pagamento, pag', 'pag')).toBe(true);
    // Letters beyond the first plane are letters too.
    expect(containsPhrase('𝐚offer', 'offer')).toBe(false);
    expect(containsPhrase('😀offer', 'offer')).toBe(true);
  });

  it('agrees with its definition as a regular expression on any text', () => {
    const alphabet = fc.constantFrom('a', 'b', 'ã', '1', ' ', '.', '-', '𝐚', '😀', '\ud835');
    const text = fc.array(alphabet, { maxLength: 14 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, (haystack, phrase) => {
        expect(containsPhrase(haystack, phrase)).toBe(byDefinition(haystack, phrase));
      }),
      { numRuns: 2_000 },
    );
  });
});

/** Its definition: a global regular expression with look-arounds for letters and digits. */
const removedByDefinition = (text: string, phrase: string) =>
  phrase === ''
    ? text
    : text.replace(
        new RegExp(
          `(?<![\\p{L}\\p{N}])${phrase.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
          'gu',
        ),
        ' ',
      );

describe('a phrase taken out of a text, as whole words', () => {
  it('is taken out where it stands alone, and left inside words and numbers', () => {
    expect(withoutPhrase('studio 54 offers 54 euros', 'studio 54')).toBe('  offers 54 euros');
    expect(withoutPhrase('big studio 540', 'studio 54')).toBe('big studio 540');
    expect(withoutPhrase('aa aa', 'aa')).toBe('   ');
    expect(withoutPhrase('aaa', 'aa')).toBe('aaa');
    expect(withoutPhrase('x', '')).toBe('x');
  });

  it('agrees with its definition as a regular expression on any text', () => {
    const alphabet = fc.constantFrom('a', 'b', 'ã', '1', ' ', '.', '-', '𝐚', '😀', '\ud835');
    const text = fc.array(alphabet, { maxLength: 14 }).map((parts) => parts.join(''));
    const phrase = fc.array(alphabet, { maxLength: 3 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, phrase, (haystack, needle) => {
        expect(withoutPhrase(haystack, needle)).toBe(removedByDefinition(haystack, needle));
      }),
      { numRuns: 3_000 },
    );
  });
});
