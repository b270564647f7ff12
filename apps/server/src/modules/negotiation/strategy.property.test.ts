import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refuseMayaAccept, refuseMayaOffer } from './offer-guard.js';
import {
  daysOf,
  decide,
  type MayaService,
  type NegotiationTurn,
  type StrategyDecision,
  type StrategyInput,
} from './strategy.js';

const DAY = 86_400_000;
const NOW = Date.parse('2030-05-01T09:00:00.000Z');
const ids = [1, 2, 3, 4].map((n) => `0190a4a2-0000-7000-8000-00000000000${n}`);
const dayAfter = (days: number) => new Date(NOW + days * DAY).toISOString().slice(0, 10);

/** A service with a list price, a floor at or under it and a keep-back within the gap. */
const serviceArbitrary = (id: string) =>
  fc
    .record({
      listPrice: fc.integer({ min: 1, max: 10_000_000 }),
      floorShare: fc.double({ min: 0, max: 1, noNaN: true }),
      keepShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ listPrice, floorShare, keepShare }): MayaService => {
      const floor = Math.max(1, Math.ceil(listPrice * floorShare));
      const keepBack = Math.floor((listPrice - floor) * keepShare);
      return { id, listPrice, currency: 'EUR', floor, keepBack };
    });

/** What a buyer does next: a counter anywhere from 1 to over the list price, at times on other days. */
const buyerMoveArbitrary = fc.record({
  share: fc.oneof(
    fc.double({ min: 0, max: 1.3, noNaN: true }),
    fc.constantFrom(0, 0.5, 0.99, 1, 1.01),
  ),
  /** Half the time, a counter a cent or two around the floor or floor + keep-back instead. */
  near: fc.option(
    fc.record({
      mark: fc.constantFrom('floor', 'minimum'),
      cents: fc.integer({ min: -2, max: 2 }),
    }),
  ),
  otherDays: fc.option(fc.record({ start: fc.integer({ min: 0, max: 40 }), length: fc.nat(3) })),
});

const setupArbitrary = fc
  .record({
    services: fc.tuple(...ids.slice(0, 3).map(serviceArbitrary)),
    listed: fc.integer({ min: 1, max: 3 }),
    asked: fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: 2 }) },
      { weight: 1, arbitrary: fc.constant(3) },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    start: fc.integer({ min: 0, max: 40 }),
    length: fc.nat(4),
    blocked: fc.uniqueArray(fc.integer({ min: 0, max: 45 }), { maxLength: 12 }),
    budgetShare: fc.option(fc.double({ min: 0, max: 2, noNaN: true })),
    counterLimit: fc.option(fc.integer({ min: 0, max: 6 })),
    earlierShares: fc.array(fc.double({ min: 0, max: 1.5, noNaN: true }), { maxLength: 3 }),
    moves: fc.array(buyerMoveArbitrary, { minLength: 12, maxLength: 12 }),
  })
  .map((setup) => {
    const services = setup.services.slice(0, setup.listed);
    const asked = setup.asked === null ? null : (setup.services[setup.asked]?.id ?? ids[3]!);
    const reference = (setup.services[setup.asked ?? 0] ?? setup.services[0])!;
    const base: StrategyInput = {
      services,
      blockedDates: setup.blocked.map(dayAfter),
      request: {
        serviceId: asked,
        when: { from: dayAfter(setup.start), to: dayAfter(setup.start + setup.length) },
        budget:
          setup.budgetShare === null
            ? null
            : {
                amount: Math.max(1, Math.round(reference.listPrice * setup.budgetShare)),
                currency: 'EUR',
              },
      },
      history: [],
      earlierOffers: setup.earlierShares.map((share) =>
        Math.max(1, Math.round(reference.listPrice * share)),
      ),
      now: new Date(NOW).toISOString(),
      ...(setup.counterLimit !== null && { counterLimit: setup.counterLimit }),
    };
    return { base, moves: setup.moves, reference };
  });

type BuyerMove = typeof buyerMoveArbitrary extends fc.Arbitrary<infer T> ? T : never;

interface Run {
  decisions: { input: StrategyInput; decision: StrategyDecision }[];
  ended: boolean;
}

/** Maya against a buyer who counters every offer as the moves say, to the end or 12 counters. */
function negotiate(base: StrategyInput, moves: BuyerMove[], reference: MayaService): Run {
  const history: NegotiationTurn[] = [];
  const decisions: Run['decisions'] = [];
  for (const move of [...moves, null]) {
    const input = { ...base, history: [...history] };
    const decision = decide(input);
    decisions.push({ input, decision });
    const { act } = decision;
    if (act.act === 'accept' || act.act === 'hand_over') return { decisions, ended: true };
    if (!move) return { decisions, ended: false };
    history.push({ by: 'maya', amount: act.price.amount });
    history.push({
      by: 'buyer',
      price: { amount: counterAmount(move, reference), currency: 'EUR' },
      when: move.otherDays
        ? {
            from: dayAfter(move.otherDays.start),
            to: dayAfter(move.otherDays.start + move.otherDays.length),
          }
        : act.when,
    });
  }
  return { decisions, ended: false };
}

function counterAmount({ share, near }: BuyerMove, reference: MayaService): number {
  if (!near) return Math.max(1, Math.round(reference.listPrice * share));
  const mark = near.mark === 'floor' ? reference.floor : reference.floor + reference.keepBack;
  return Math.max(1, mark + near.cents);
}

const RUNS = { numRuns: 400 };

describe('the strategy, over random prices, floors, keep-backs, budgets and counters', () => {
  it('never offers below floor + keep-back nor above the list price, and never accepts below the floor', () => {
    fc.assert(
      fc.property(setupArbitrary, ({ base, moves, reference }) => {
        for (const { decision } of negotiate(base, moves, reference).decisions) {
          const { act } = decision;
          if (act.act === 'hand_over') continue;
          const service = base.services.find((listed) => listed.id === act.serviceId)!;
          if (act.act === 'accept') {
            expect(act.price.amount).toBeGreaterThanOrEqual(service.floor);
          } else {
            expect(act.price.amount).toBeGreaterThanOrEqual(service.floor + service.keepBack);
            expect(act.price.amount).toBeLessThanOrEqual(service.listPrice);
            expect(Number.isInteger(act.price.amount)).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('never offers or accepts an unlisted service or a blocked date', () => {
    fc.assert(
      fc.property(setupArbitrary, ({ base, moves, reference }) => {
        for (const { decision } of negotiate(base, moves, reference).decisions) {
          const { act } = decision;
          if (act.act === 'hand_over') continue;
          expect(base.services.map((listed) => listed.id)).toContain(act.serviceId);
          expect(act.serviceId).toBe(base.request.serviceId);
          for (const day of daysOf(act.when)) expect(base.blockedDates).not.toContain(day);
        }
      }),
      RUNS,
    );
  });

  it('concedes without ever going back up, and never below its best earlier offer to the buyer', () => {
    fc.assert(
      fc.property(setupArbitrary, ({ base, moves, reference }) => {
        const offers = negotiate(base, moves, reference).decisions.flatMap(({ decision }) =>
          decision.act.act === 'offer' || decision.act.act === 'final_offer'
            ? [decision.act.price.amount]
            : [],
        );
        for (let i = 1; i < offers.length; i += 1) {
          expect(offers[i]).toBeLessThanOrEqual(offers[i - 1]!);
        }
        const earlier = base.earlierOffers ?? [];
        if (offers.length && earlier.length) {
          const bound = Math.min(Math.min(...earlier), reference.listPrice);
          for (const offer of offers) expect(offer).toBeGreaterThanOrEqual(bound);
        }
      }),
      RUNS,
    );
  });

  it('keeps to floor + keep-back whatever history it is given (offers made under other settings)', () => {
    fc.assert(
      fc.property(
        setupArbitrary,
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12_000_000 }), buyerMoveArbitrary), {
          maxLength: 6,
        }),
        ({ base, reference }, turns) => {
          const history: NegotiationTurn[] = turns.flatMap(([amount, move]) => [
            { by: 'maya', amount },
            {
              by: 'buyer',
              price: { amount: counterAmount(move, reference), currency: 'EUR' },
              when: base.request.when,
            },
          ]);
          const { act } = decide({ ...base, history });
          if (act.act === 'offer' || act.act === 'final_offer') {
            expect(act.price.amount).toBeGreaterThanOrEqual(reference.floor + reference.keepBack);
          }
          if (act.act === 'accept')
            expect(act.price.amount).toBeGreaterThanOrEqual(reference.floor);
        },
      ),
      RUNS,
    );
  });

  it('makes only offers and accepts the offer service’s own check lets through', () => {
    fc.assert(
      fc.property(setupArbitrary, ({ base, moves, reference }) => {
        for (const { decision } of negotiate(base, moves, reference).decisions) {
          const { act } = decision;
          if (act.act === 'hand_over') continue;
          const refuse = act.act === 'accept' ? refuseMayaAccept : refuseMayaOffer;
          expect(refuse(act, base)).toBeNull();
        }
      }),
      RUNS,
    );
  });

  it('gives the same answer to the same input, every time', () => {
    fc.assert(
      fc.property(setupArbitrary, ({ base, moves, reference }) => {
        for (const { input, decision } of negotiate(base, moves, reference).decisions) {
          expect(decide(structuredClone(input))).toEqual(decision);
          expect(decide(input)).toEqual(decision);
        }
      }),
      RUNS,
    );
  });

  it('ends within the counter limit + 1 rounds: an accept, a hand-over, or a final offer first', () => {
    fc.assert(
      fc.property(setupArbitrary, ({ base, moves, reference }) => {
        const limit = base.counterLimit ?? 3;
        const run = negotiate(base, moves.slice(0, limit + 1), reference);
        expect(run.ended).toBe(true);
        const rounds = run.decisions.map(({ decision }) => decision.explanation.inputs.round);
        expect(Math.max(...rounds)).toBeLessThanOrEqual(limit + 1);
        const finals = run.decisions.filter(({ decision }) => decision.act.act === 'final_offer');
        expect(finals.length).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('lets the budget decide only whether to negotiate, never a number', () => {
    fc.assert(
      fc.property(
        setupArbitrary,
        fc.integer({ min: 1, max: 20_000_000 }),
        ({ base, moves, reference }, other) => {
          for (const { input, decision } of negotiate(base, moves, reference).decisions) {
            if (decision.act.act === 'hand_over') continue;
            const budget = { amount: Math.max(other, reference.floor), currency: 'EUR' as const };
            const again = decide({ ...input, request: { ...input.request, budget } });
            expect(again.act).toEqual(decision.act);
          }
        },
      ),
      RUNS,
    );
  });
});
