import { describe, expect, it } from 'vitest';
import { catalogs, wordsFor } from './index.js';

/** Every key of a catalog, dotted, with its sentence. */
function entries(tree: unknown, prefix = ''): [string, string][] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}

const variables = (sentence: string) =>
  [...sentence.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe("the server's sentences", () => {
  it('have every key in every language, none empty, with the same placeholders', () => {
    for (const namespace of Object.keys(catalogs.en) as (keyof typeof catalogs.en)[]) {
      const english = new Map(entries(catalogs.en[namespace]));
      const portuguese = new Map(entries(catalogs.pt[namespace]));
      expect([...portuguese.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, sentence] of english) {
        expect(sentence.trim(), `${namespace}:${key}`).not.toBe('');
        expect(portuguese.get(key)!.trim(), `${namespace}:${key} (pt)`).not.toBe('');
        expect(variables(portuguese.get(key)!), `${namespace}:${key}`).toEqual(variables(sentence));
      }
    }
  });

  it('fill in their placeholders, unescaped, in the language asked for', () => {
    expect(wordsFor('en', 'auth')('hello', { name: 'Zoë & <Co>' })).toBe('Hello Zoë & <Co>,');
    expect(wordsFor('pt', 'auth')('hello', { name: 'Zoë' })).toBe('Olá Zoë,');
  });
});
