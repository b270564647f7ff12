import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { User } from './directory.repository.js';
import { explainMatch, FIELD_WEIGHT } from './search-match.js';
import { expandWord, fold, type SearchTerm } from './search-terms.js';

/** A profile with these texts; the rest as a card's row has it. */
function profile(texts: { name?: string; description?: string; services?: string }): User {
  const [firstName = '', ...rest] = (texts.name ?? 'Casa Nova').split(' ');
  return {
    firstName,
    lastName: rest.join(' '),
    category: 'hospitality',
    address: 'Rua Augusta 10, Lisboa',
    description: texts.description ?? null,
    servicesText: texts.services ?? null,
  } as User;
}

/**
 * The rule written the plain way: for each profile word, every alternative in turn; the first
 * word of a field that counts the most is the field's hit.
 */
function plainHits(user: User, terms: SearchTerm[]) {
  const fields = {
    name: `${user.firstName} ${user.lastName}`,
    sector: user.category?.replaceAll('-', ' '),
    place: user.address,
    description: user.description,
    services: user.servicesText,
  };
  return terms.map((term) =>
    Object.entries(fields).map(([field, text]) => {
      const tokens = fold(text ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
      let hit: { value: number; at: number } | undefined;
      for (const [at, token] of tokens.entries()) {
        for (const alternative of term.alternatives) {
          const matches = alternative.prefix
            ? token.startsWith(alternative.token)
            : token === alternative.token;
          const value = alternative.own ? 1 : 0.75;
          if (matches && value > (hit?.value ?? 0)) hit = { value, at };
        }
      }
      return { field, hit };
    }),
  );
}

/** The fit the plain rule gives: each term's best field, weighed. */
function plainFit(user: User, terms: SearchTerm[]): number {
  return plainHits(user, terms).reduce((sum, fields) => {
    const values = fields.map(({ field, hit }) =>
      hit ? hit.value * FIELD_WEIGHT[field as keyof typeof FIELD_WEIGHT] : 0,
    );
    return sum + Math.max(0, ...values);
  }, 0);
}

describe('explainMatch', () => {
  it('counts a word as the plain rule does, whatever the alternatives and the words', () => {
    const letters = fc.constantFrom('a', 'b', 'c', 'o', 's');
    const word = fc.string({ unit: letters, minLength: 1, maxLength: 6 });
    const alternative = fc.record({ token: word, prefix: fc.boolean(), own: fc.boolean() });
    const term = fc.record({
      word,
      alternatives: fc.array(alternative, { minLength: 1, maxLength: 8 }),
    });
    const text = fc.array(word, { maxLength: 12 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 3 }), text, text, (terms, d, s) => {
        const user = profile({ description: d, services: s });
        expect(explainMatch(user, terms, {}).fit).toBe(plainFit(user, terms));
      }),
      { numRuns: 500 },
    );
  });

  it('finds a searched word without its accents, and names it as the profile writes it', () => {
    const user = profile({
      name: 'Pastelaria Aurora',
      description: 'Bolos de aniversário e pastéis de nata feitos todos os dias.',
    });
    const match = explainMatch(user, [expandWord('pasteis')], {});
    expect(match.hits).toEqual([
      { word: 'pasteis', field: 'description', found: 'pastéis', own: true },
    ]);
    expect(match.fit).toBe(plainFit(user, [expandWord('pasteis')]));
  });

  it('counts a typo of the word, found by the typo tier, as its own word at half its worth', () => {
    const user = profile({ description: 'Fotografia de casamentos e batizados.' });
    const term = expandWord('fotografia');
    const typed = { ...term, word: 'fotografja', alternatives: [] };
    const match = explainMatch(user, [typed], { tier: 4 });
    expect(match.hits).toEqual([
      { word: 'fotografja', field: 'description', found: 'Fotografia', own: true },
    ]);
    expect(match.fit).toBe(0.5 * FIELD_WEIGHT.description);
    // The same profile read again, for another search, is explained afresh.
    expect(explainMatch(user, [term], {}).hits).toEqual([
      { word: 'fotografia', field: 'description', found: 'Fotografia', own: true },
    ]);
    expect(explainMatch(user, [typed], {}).hits).toEqual([]);
  });
});
