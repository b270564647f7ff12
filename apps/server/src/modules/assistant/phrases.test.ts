import type { SellerToolOutput } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { writeSearchAnswer, type Step } from './dialogue.js';
import { distanceReason, foundSentence, inPlace, km, localName } from './phrases.js';

const step: Extract<Step, { kind: 'search' }> = {
  kind: 'search',
  input: { query: 'plumber', place: 'Faro', language: 'en' },
  subject: { noun: ['plumber', 'plumbers', 'm'] },
  first: true,
  closest: false,
  nearMe: false,
};

const nobody = (nobodyNear: boolean): SellerToolOutput => ({
  note: 'no-match',
  sellers: [],
  search: {
    fitting: 0,
    words: ['plumber'],
    place: { name: 'Faro', known: true },
    nearMe: false,
    alternatives: [],
    closestFirst: false,
    language: 'en',
    ...(nobodyNear && { nobodyNear: true }),
  },
});

describe("Maya's sentences, from the assistant catalogs", () => {
  it('says plainly when nobody near enough does it', () => {
    expect(writeSearchAnswer(step, nobody(true), 'en')).toBe(
      "I couldn't find a plumber in Faro. Nobody near enough does it either: try other words or another place.",
    );
    expect(writeSearchAnswer(step, nobody(false), 'en')).toBe(
      "I couldn't find a plumber in Faro. Try other words or another place.",
    );
  });

  it('writes numbers, plurals and place names for the locale', () => {
    expect(km(2.83, 'en')).toBe('2.8 km');
    expect(km(2.83, 'pt-PT')).toBe('2,8 km');
    expect(km(12.4, 'pt-BR')).toBe('12 km');
    expect(km(1234, 'pt-PT')).toBe('1234 km');
    expect(distanceReason(2.83, { place: 'Porto' }, 'pt-PT')).toBe('a 2,8 km do centro do Porto');
    expect(inPlace('Lisbon', 'pt-BR')).toBe('em Lisboa');
    expect(inPlace('Lisboa', 'en')).toBe('in Lisbon');
    expect(inPlace('Amadora', 'pt-PT')).toBe('na Amadora');
    expect(localName('Sevilla', 'en')).toBe('Seville');
    const one = { shown: 1, total: 3, names: ['Rocha'] };
    expect(foundSentence({ noun: ['plumber', 'plumbers'] }, { place: 'Lisboa' }, one, 'en')).toBe(
      'I found 3 plumbers in Lisbon. Here is 1: Rocha.',
    );
    expect(
      foundSentence(
        { noun: ['canalizador', 'canalizadores', 'm'] },
        { place: 'Porto' },
        one,
        'pt-PT',
      ),
    ).toBe('Encontrei 3 canalizadores no Porto. Aqui está 1: Rocha.');
  });
});
