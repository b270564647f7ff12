import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareOffers,
  DEFAULT_WEIGHTS,
  type AskedBusiness,
  type BuyerCriteria,
} from './comparison.js';

const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const day = (offset: number) => new Date(Date.UTC(2026, 11, 1 + offset)).toISOString().slice(0, 10);

const answer = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      state: fc.constant('offered' as const),
      price: fc.record({
        amount: fc.integer({ min: 1_000, max: 200_000 }),
        currency: fc.constantFrom('EUR' as const, 'EUR' as const, 'BRL' as const),
      }),
      included: fc.constantFrom(
        'Ceremony and party, 300 edited photos.',
        'Cerimónia e festa, álbum impresso.',
        'Photos only.',
        'Album, drone and a second photographer.',
      ),
      when: fc
        .integer({ min: 0, max: 20 })
        .map((offset) => ({ from: day(offset), to: day(offset + 1) })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom({ state: 'declined' as const }, { state: 'timed_out' as const }),
  },
);

const business = (n: number) =>
  fc.record({
    businessId: fc.constant(id(n)),
    answer,
    rating: fc.option(
      fc.record({
        count: fc.integer({ min: 1, max: 80 }),
        average: fc.double({ min: 1, max: 5, noNaN: true }),
      }),
      { nil: null },
    ),
    distanceKm: fc.option(fc.double({ min: 0, max: 300, noNaN: true }), { nil: null }),
  });

const fiveAnswered = fc.tuple(business(1), business(2), business(3), business(4), business(5));

const buyer = fc.record({
  weights: fc.record({
    price: fc.double({ min: 0, max: 5, noNaN: true }),
    included: fc.double({ min: 0, max: 5, noNaN: true }),
    date: fc.double({ min: 0, max: 5, noNaN: true }),
    rating: fc.double({ min: 0, max: 5, noNaN: true }),
    distance: fc.double({ min: 0, max: 5, noNaN: true }),
  }),
  wanted: fc.subarray(['album', 'drone', 'party', 'festa']),
  when: fc.constant({ from: day(3), to: day(4) }),
  currency: fc.constant('EUR' as const),
}) satisfies fc.Arbitrary<BuyerCriteria>;

/** The same list in the order a seeded shuffle gives it. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('the buyer’s comparison', () => {
  it('gives the same ranking and recommendation for every arrival order of five answers (100 orders each)', () => {
    fc.assert(
      fc.property(fiveAnswered, buyer, (asked, criteria) => {
        const first = compareOffers(asked, criteria);
        for (let seed = 1; seed <= 100; seed += 1) {
          expect(compareOffers(shuffled(asked, seed), criteria)).toEqual(first);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('ranks two businesses with identical offers the same, whichever plan each is on', () => {
    fc.assert(
      fc.property(fiveAnswered, buyer, (asked, criteria) => {
        // The Pro and the Free business answer the same offer, rating and distance.
        const twin: AskedBusiness = { ...asked[0], businessId: id(99) };
        const result = compareOffers([...asked, twin], criteria);
        if (result.state !== 'ranked') throw new Error('all answered');
        const [a, b] = [asked[0].businessId, id(99)].map((key) =>
          result.ranked.find((one) => one.businessId === key),
        );
        expect(a?.rank).toBe(b?.rank);
        expect(a?.score).toBe(b?.score);
      }),
      { numRuns: 200 },
    );
  });

  it('never ranks a business better for a higher price, all else equal', () => {
    fc.assert(
      fc.property(
        fiveAnswered,
        buyer,
        fc.integer({ min: 1, max: 50_000 }),
        (asked, criteria, more) => {
          const offered = asked.find((one) => one.answer.state === 'offered');
          fc.pre(offered !== undefined);
          const dearer: AskedBusiness = {
            ...offered,
            answer: {
              ...(offered.answer as Extract<AskedBusiness['answer'], { state: 'offered' }>),
              price: {
                ...(offered.answer as Extract<AskedBusiness['answer'], { state: 'offered' }>).price,
                amount:
                  (offered.answer as Extract<AskedBusiness['answer'], { state: 'offered' }>).price
                    .amount + more,
              },
            },
          };
          const before = compareOffers(asked, criteria);
          const after = compareOffers(
            asked.map((one) => (one === offered ? dearer : one)),
            criteria,
          );
          if (before.state !== 'ranked' || after.state !== 'ranked')
            throw new Error('all answered');
          const rankOf = (result: typeof before) =>
            result.ranked.find((one) => one.businessId === offered.businessId)!.rank;
          expect(rankOf(after)).toBeGreaterThanOrEqual(rankOf(before));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('says how many have answered while one still waits, and ranks nothing', () => {
    fc.assert(
      fc.property(
        fiveAnswered,
        fc.integer({ min: 0, max: 4 }),
        buyer,
        (asked, waiting, criteria) => {
          const list = asked.map((one, index) =>
            index === waiting ? { ...one, answer: { state: 'waiting' as const } } : one,
          );
          expect(compareOffers(list, criteria)).toEqual({ state: 'waiting', answered: 4, of: 5 });
        },
      ),
    );
  });
});

describe('the buyer’s comparison, by example', () => {
  const when = { from: day(3), to: day(4) };
  const offered = (amount: number, included = 'Ceremony and party, album.') => ({
    state: 'offered' as const,
    price: { amount, currency: 'EUR' as const },
    included,
    when,
  });
  const criteria: BuyerCriteria = {
    weights: DEFAULT_WEIGHTS,
    wanted: ['album'],
    when,
    currency: 'EUR',
  };

  it('puts the cheaper of two equal offers first, lists who declined or timed out apart, and recommends the best', () => {
    const result = compareOffers(
      [
        { businessId: id(3), answer: { state: 'timed_out' }, rating: null, distanceKm: null },
        { businessId: id(1), answer: offered(90_000), rating: null, distanceKm: 5 },
        { businessId: id(2), answer: offered(80_000), rating: null, distanceKm: 5 },
        { businessId: id(4), answer: { state: 'declined' }, rating: null, distanceKm: 2 },
      ],
      criteria,
    );
    expect(result).toMatchObject({
      state: 'ranked',
      recommended: id(2),
      ranked: [
        { businessId: id(2), rank: 1 },
        { businessId: id(1), rank: 2 },
      ],
      unanswered: [
        { businessId: id(3), state: 'timed_out' },
        { businessId: id(4), state: 'declined' },
      ],
    });
  });

  it('counts what the brief wants included, in the buyer’s words and accents or none', () => {
    const result = compareOffers(
      [
        { businessId: id(1), answer: offered(80_000, 'Photos only.'), rating: null, distanceKm: 5 },
        {
          businessId: id(2),
          answer: offered(80_000, 'Fotos e ÁLBUM impresso.'),
          rating: null,
          distanceKm: 5,
        },
      ],
      { ...criteria, wanted: ['album'] },
    );
    if (result.state !== 'ranked') throw new Error('all answered');
    expect(result.ranked.map((one) => [one.businessId, one.parts.included])).toEqual([
      [id(2), 1],
      [id(1), 0],
    ]);
  });

  it('recommends nobody when every business declined or timed out', () => {
    expect(
      compareOffers(
        [{ businessId: id(1), answer: { state: 'declined' }, rating: null, distanceKm: null }],
        criteria,
      ),
    ).toEqual({
      state: 'ranked',
      ranked: [],
      unanswered: [{ businessId: id(1), state: 'declined' }],
      recommended: null,
    });
  });
});
