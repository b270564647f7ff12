import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsPhrase } from './fold.js';

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
