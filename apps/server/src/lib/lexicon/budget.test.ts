import { describe, expect, it } from 'vitest';
import { parseAmount, readBudget, takeBudget, type Budget, readOfferedAmount } from './budget.js';

/** Requests as people type them, and the budget each states. */
const cases: [string, Budget | undefined][] = [
  ['cheap hostel lisbon', { cheap: true }],
  ['hotel barato no porto', { cheap: true }],
  ['affordable painter', { cheap: true }],
  ['pintor em conta em coimbra', { cheap: true }],
  ['ugc videos under 300 euros', { max: 30000, currency: 'EUR', cheap: true }],
  ['fotógrafo até 50 reais', { max: 5000, currency: 'BRL', cheap: true }],
  ['explicador no máximo 40€ por hora', { max: 4000, currency: 'EUR', unit: 'hour', cheap: true }],
  ['budget of 200 for a photographer', { max: 20000, cheap: true }],
  ['festa em sp até R$ 1.500,00', { max: 150000, currency: 'BRL', cheap: true }],
  ['wedding catering up to €1,500', { max: 150000, currency: 'EUR', cheap: true }],
  ['manicure por R$45', { max: 4500, currency: 'BRL', cheap: true }],
  ['quarto em lisboa 35 eur por noite', { max: 3500, currency: 'EUR', unit: 'night', cheap: true }],
  ['limpeza até 49,90 reais', { max: 4990, currency: 'BRL', cheap: true }],
  ['cleaner max 25.50 euro an hour', { max: 2550, currency: 'EUR', unit: 'hour', cheap: true }],
  ['eletricista orçamento de 300', { max: 30000, cheap: true }],
  ['200€ for a dj', { max: 20000, currency: 'EUR', cheap: true }],
  ['luxury hotel lisbon', undefined],
  ['canalizador em lisboa', undefined],
  ['hostel for 4 people in porto', undefined],
  ['restaurante na rua augusta 24', undefined],
  ['eu preciso de um eletricista', undefined],
];

describe('readBudget', () => {
  it.each(cases)('%s', (message, budget) => {
    expect(readBudget(message)).toEqual(budget);
  });
});

describe('parseAmount', () => {
  it.each([
    ['1.500,00', 150000],
    ['1,500.00', 150000],
    ['1,500', 150000],
    ['1.500', 150000],
    ['1 500', 150000],
    ['49,9', 4990],
    ['49.90', 4990],
    ['200', 20000],
    ['0', undefined],
  ])('%s is %s cents', (written, cents) => {
    expect(parseAmount(written)).toBe(cents);
  });
});

describe('takeBudget', () => {
  /** Search-box words as typed, the words left to search, and what was read. */
  it.each([
    ['hair salon in porto under 10 euros', 'hair salon in porto', { max: 1000, currency: 'EUR' }],
    [
      'alojamento no porto até 80 eur por noite',
      'alojamento no porto',
      { max: 8000, unit: 'night' },
    ],
    [
      'team dinner in rio under R$200 per person',
      'team dinner in rio',
      { max: 20000, unit: 'person' },
    ],
    ['facial in lisbon, budget of 50', 'facial in lisbon,', { max: 5000 }],
    [
      'conserto de telhado em sampa até 1.500 reais',
      'conserto de telhado em sampa',
      { max: 150000 },
    ],
    ['photographer porto max €100', 'photographer porto', { max: 10000, currency: 'EUR' }],
    ['hotel barato no porto', 'hotel no porto', { level: 'low' }],
    ['budget hostel algarve', 'hostel algarve', { level: 'low' }],
    ['canalizador em lisboa', 'canalizador em lisboa', {}],
    ['hostel for 4 people in porto', 'hostel for 4 people in porto', {}],
  ])(
    '%s',
    (typed, rest, read: { max?: number; currency?: string; unit?: string; level?: string }) => {
      const taken = takeBudget(typed);
      expect(taken.rest).toBe(rest);
      if (read.max !== undefined) expect(taken.budget).toMatchObject({ max: read.max });
      else expect(taken.budget?.max).toBeUndefined();
      if (read.currency) expect(taken.budget?.currency).toBe(read.currency);
      if (read.unit) expect(taken.budget?.unit).toBe(read.unit);
      expect(taken.level).toBe(read.level);
    },
  );

  it('keeps a cue that is all there is to search', () => {
    expect(takeBudget('barato').rest).toBe('barato');
  });

  it('reads luxury as the high end', () => {
    expect(takeBudget('luxury hotel lisbon')).toMatchObject({
      rest: 'hotel lisbon',
      level: 'high',
    });
  });
});

describe('readOfferedAmount: a price put forward in a chat', () => {
  it.each([
    ["I'll pay 50", { amount: 5_000 }],
    ['I’ll pay 50 for it', { amount: 5_000 }],
    ['would you take 420?', { amount: 42_000 }],
    ['how about €380', { amount: 38_000, currency: 'EUR' }],
    ['350 euros and we have a deal', { amount: 35_000, currency: 'EUR' }],
    ['que tal 45?', { amount: 4_500 }],
    ['faz por 300 reais?', { amount: 30_000, currency: 'BRL' }],
    ['posso pagar 1.200,50', { amount: 120_050 }],
    ['eu pago R$ 250', { amount: 25_000, currency: 'BRL' }],
  ])('%s', (text, amount) => {
    expect(readOfferedAmount(text)).toEqual(amount);
  });

  it.each([
    'Can you come at 10?',
    'We are 4 people',
    'is the 12th free?',
    'Thanks, see you then',
    'a que horas chega? somos 3',
  ])('reads no price in "%s"', (text) => {
    expect(readOfferedAmount(text)).toBeUndefined();
  });
});
