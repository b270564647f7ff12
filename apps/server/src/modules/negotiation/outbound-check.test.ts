import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkOutbound,
  guardMessage,
  cardOf,
  minorReadings,
  safeMessage,
  type CardListing,
} from './outbound-check.js';
import { handOverReasons, type NegotiationAct } from './strategy.js';

const PHOTOS = '0190a4a2-0000-7000-8000-000000000001';
const CATERING = '0190a4a2-0000-7000-8000-000000000002';

const listing = (currency: 'EUR' | 'BRL' = 'EUR'): CardListing => ({
  business: 'Studio 54 Fotografia',
  services: [
    { id: PHOTOS, name: 'Wedding photos', priceFrom: 125_000, priceTo: null, currency },
    { id: CATERING, name: 'Catering for 40', priceFrom: 90_000, priceTo: 150_000, currency },
  ],
});

type OfferAct = Extract<NegotiationAct, { validUntil: string }>;

const offer = (overrides: Partial<OfferAct> = {}): OfferAct => ({
  act: 'offer',
  price: { amount: 123_450, currency: 'EUR' },
  serviceId: PHOTOS,
  when: { from: '2030-09-12', to: '2030-09-12' },
  validUntil: '2030-09-05T09:00:00.000Z',
  ...overrides,
});

const EN_LABEL = 'Maya (AI) for Studio 54 Fotografia';
const PT_LABEL = 'Maya (IA) em nome de Studio 54 Fotografia';

describe('reading amounts as people write them', () => {
  it.each([
    ['250', [25_000]],
    ['250.00', [25_000]],
    ['250,00', [25_000]],
    ['250,5', [25_050]],
    ['1.250,00', [125_000]],
    ['1,250.00', [125_000]],
    ['1250,00', [125_000]],
    ['1.250', [125_000, 125]],
    ['1,250', [125_000, 125]],
    ['1.250.000', [125_000_000]],
    ['12.5.0', []],
    ['1,25,0', []],
  ])('%s', (token, readings) => {
    expect(minorReadings(token).sort((a, b) => b - a)).toEqual(readings);
  });
});

describe('the outbound check', () => {
  const card = cardOf(offer(), listing());

  it.each([
    `${EN_LABEL}: Wedding photos on 12 Sept 2030 for €1,234.50, valid until 5 Sept 2030.`,
    `${EN_LABEL}: €1234.50 for Wedding photos on 12/09/2030. Valid until 2030-09-05.`,
    `${EN_LABEL}: EUR 1,234.50 on September 12, 2030; we list it from 1250 euros.`,
    `${EN_LABEL}: the price is 1234,50 € on 12 September (offer open until 5 Sep).`,
    `${PT_LABEL}: Wedding photos a 12 de setembro de 2030 por 1234,50 €, válida até 05/09/2030.`,
    `${PT_LABEL}: 1.234,50 € em 12.09.2030. A Catering for 40 custa de 900 a 1 500,00 euros.`,
    `${PT_LABEL}: 1 234,50 € a 12 de set. de 2030; proposta válida até 5 de set.`,
  ])('lets a sentence with only the card’s numbers and dates through: %s', (text) => {
    expect(checkOutbound(text, card)).toEqual({ ok: true });
  });

  it('finds an amount that is not on the card, in any notation (the floor, a step)', () => {
    for (const amount of ['€1,100.00', '1.100,00 €', 'R$ 1.100,00', '1100', '1,100', '1 100,00']) {
      const result = checkOutbound(`${EN_LABEL}: my lowest is ${amount}.`, card);
      expect(result, amount).toMatchObject({ ok: false });
      if (!result.ok)
        expect(
          result.reasons.map((r) => r.kind),
          amount,
        ).toContain('amount');
    }
    expect(checkOutbound(`${PT_LABEL}: posso baixar 10%.`, card)).toMatchObject({
      ok: false,
      reasons: [{ kind: 'amount', text: '10' }],
    });
  });

  it('finds an amount said in words, in English and Portuguese', () => {
    const cases: [string, string][] = [
      ['I can do it for two hundred and fifty euros.', 'two'],
      ['Fica por duzentos e cinquenta euros.', 'duzentos'],
      ['Posso fazer por mil reais.', 'mil'],
      ['Half the price, just for you.', 'half'],
    ];
    for (const [sentence, word] of cases) {
      const result = checkOutbound(`${EN_LABEL}: ${sentence}`, card);
      expect(result.ok, sentence).toBe(false);
      if (!result.ok)
        expect(result.reasons, sentence).toContainEqual({ kind: 'amount', text: word });
    }
    // Not in a name, nor the month in a date ("dez." is December).
    const named = cardOf(offer({ when: { from: '2030-12-12', to: '2030-12-12' } }), {
      ...listing(),
      business: 'Five Senses',
    });
    const text = 'Maya (IA) em nome de Five Senses: 1.234,50 € a 12 de dez. de 2030.';
    expect(checkOutbound(text, named)).toEqual({ ok: true });
  });

  it('finds a date that is not the card’s, in English and Portuguese', () => {
    for (const date of [
      '13 Sept 2030',
      '12 Sept 2031',
      'September 13',
      '13/09/2030',
      '2030-09-13',
      '13 de setembro',
      '12 – 14 Sept 2030',
    ]) {
      expect(checkOutbound(`${EN_LABEL}: €1,234.50 on ${date}.`, card), date).toEqual({
        ok: false,
        reasons: [{ kind: 'date', text: expect.any(String) }],
      });
    }
  });

  it('finds commitments outside the card, invented discounts and false urgency, in both languages', () => {
    const cases: [string, string, string][] = [
      ['This offer is legally binding.', 'commitment', 'legally binding'],
      ['The result is guaranteed.', 'commitment', 'guaranteed'],
      ['Esta proposta é juridicamente vinculativa.', 'commitment', 'juridicamente vinculativa'],
      ['O resultado está garantido.', 'commitment', 'garantido'],
      ['A special discount just for you.', 'discount', 'discount'],
      ['Com um desconto de amigo.', 'discount', 'desconto'],
      ['Only today!', 'urgency', 'only today'],
      ['Last chance to book.', 'urgency', 'last chance'],
      ['Só hoje!', 'urgency', 'so hoje'],
      ['É a sua ÚLTIMA CHANCE.', 'urgency', 'ultima chance'],
    ];
    for (const [sentence, kind, phrase] of cases) {
      const result = checkOutbound(`${EN_LABEL}: ${sentence}`, card);
      expect(result.ok, sentence).toBe(false);
      if (!result.ok) expect(result.reasons, sentence).toContainEqual({ kind, phrase });
    }
  });

  it('finds a sentence without the AI label, and money in another currency', () => {
    expect(checkOutbound('Wedding photos for €1,234.50.', card)).toEqual({
      ok: false,
      reasons: [{ kind: 'unlabelled' }],
    });
    expect(checkOutbound(`${EN_LABEL}: that is $1,234.50, or R$ 1.234,50.`, card)).toEqual({
      ok: false,
      reasons: [
        { kind: 'currency', text: 'r$' },
        { kind: 'currency', text: '$' },
      ],
    });
  });

  it('reads no amount, date or promise in the business’s and services’ own names', () => {
    const named = cardOf(offer(), { ...listing(), business: 'Guaranteed 24 Events' });
    const text =
      'Maya (AI) for Guaranteed 24 Events: Catering for 40 on 12 Sept 2030 for €1,234.50.';
    expect(checkOutbound(text, named)).toEqual({ ok: true });
  });
});

describe('a language model’s sentence', () => {
  const act = offer();
  const card = cardOf(act, listing());

  it('is kept when it passes the check', () => {
    const text = `${EN_LABEL}: happy to do Wedding photos on 12 Sept 2030 for €1,234.50.`;
    expect(guardMessage(text, act, card, 'en')).toEqual({
      text,
      replaced: false,
      check: { ok: true },
    });
  });

  it('is replaced by the act’s template when it fails, with the reasons for the log', () => {
    const planted = [
      `${EN_LABEL}: my floor is €1,000.00, so €1,234.50 it is.`,
      `${EN_LABEL}: €1,234.50 on 13 Sept 2030.`,
      `${EN_LABEL}: €1,234.50, and this is legally binding.`,
      `${EN_LABEL}: €1,234.50, only today!`,
      `${PT_LABEL}: 1.234,50 €, só hoje, com desconto.`,
      'Wedding photos for €1,234.50.',
    ];
    for (const text of planted) {
      const guarded = guardMessage(text, act, card, 'pt-PT');
      expect(guarded.replaced, text).toBe(true);
      expect(guarded.text).toBe(safeMessage(act, card, 'pt-PT'));
      expect(guarded.check.ok).toBe(false);
    }
  });
});

describe('the fixed templates', () => {
  const acts: NegotiationAct[] = [
    offer(),
    offer({
      price: { amount: 1_234_550, currency: 'EUR' },
      when: { from: '2030-09-30', to: '2030-10-02' },
    }),
    {
      ...offer({
        when: { from: '2030-12-30', to: '2031-01-02' },
        validUntil: '2030-12-29T23:59:59.999Z',
      }),
      act: 'final_offer',
    },
    {
      act: 'accept',
      price: { amount: 99_999, currency: 'EUR' },
      serviceId: CATERING,
      when: { from: '2030-09-12', to: '2030-09-14' },
    },
    ...handOverReasons.map((reason): NegotiationAct => ({ act: 'hand_over', reason })),
  ];
  const cases = acts.flatMap((act) =>
    (['en', 'pt-PT', 'pt-BR', 'pt'] as const).flatMap((language) =>
      (['EUR', 'BRL'] as const).map((currency) => {
        const inCurrency =
          act.act === 'hand_over' ? act : { ...act, price: { ...act.price, currency } };
        const name = act.act === 'hand_over' ? `hand_over ${act.reason}` : act.act;
        return { name, act: inCurrency, language, currency };
      }),
    ),
  );

  it.each(cases)('$name, $language, $currency passes the check', ({ act, language, currency }) => {
    const card = cardOf(act, listing(currency));
    const text = safeMessage(act, card, language);
    expect(checkOutbound(text, card), text).toEqual({ ok: true });
  });

  it('say who speaks, the amount, the dates and the valid-until', () => {
    const act = offer();
    const card = cardOf(act, listing());
    expect(safeMessage(act, card, 'en')).toBe(
      'Maya (AI) for Studio 54 Fotografia: Studio 54 Fotografia can do Wedding photos on 12 Sept 2030 for €1,234.50. This offer is valid until 5 Sept 2030.',
    );
    expect(safeMessage(act, card, 'pt-BR')).toBe(
      'Maya (IA) em nome de Studio 54 Fotografia: Studio 54 Fotografia propõe para você Wedding photos em 12 de set. de 2030 por €\u00a01.234,50. Esta proposta é válida até 5 de set. de 2030.',
    );
    const handOver = safeMessage({ act: 'hand_over', reason: 'counter_limit' }, card, 'pt-PT');
    expect(handOver).toMatch(/^Maya \(IA\) em nome de Studio 54 Fotografia: /);
  });

  it('pass the check for any amount, dates and valid-until, in every language', () => {
    const day = (offset: number) => new Date(Date.UTC(2030, 0, 1) + offset * 86_400_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 800 }),
        fc.nat(40),
        fc.nat(30),
        fc.constantFrom('offer', 'final_offer', 'accept'),
        fc.constantFrom('en', 'pt-PT', 'pt-BR'),
        fc.constantFrom('EUR', 'BRL'),
        (amount, start, length, validDays, kind, language, currency) => {
          const when = {
            from: day(start).toISOString().slice(0, 10),
            to: day(start + length)
              .toISOString()
              .slice(0, 10),
          };
          const price = { amount, currency };
          const act: NegotiationAct =
            kind === 'accept'
              ? { act: 'accept', price, serviceId: PHOTOS, when }
              : {
                  act: kind,
                  price,
                  serviceId: PHOTOS,
                  when,
                  validUntil: new Date(day(start).getTime() - validDays * 3_600_000).toISOString(),
                };
          const card = cardOf(act, listing(currency));
          const text = safeMessage(act, card, language);
          expect(checkOutbound(text, card), text).toEqual({ ok: true });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('name no amount a card leaves out: a hand-over says no price', () => {
    const act: NegotiationAct = { act: 'hand_over', reason: 'budget_far_below_floor' };
    for (const language of ['en', 'pt-PT', 'pt-BR']) {
      expect(safeMessage(act, cardOf(act, listing()), language)).not.toMatch(/\d{3}/);
    }
  });
});
