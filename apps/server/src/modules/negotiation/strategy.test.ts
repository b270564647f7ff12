import { describe, expect, it } from 'vitest';
import { NEGOTIATION_POLICY } from './policy.js';
import { curvePrice, decide, type NegotiationTurn, type StrategyInput } from './strategy.js';

const PHOTOS = '0190a4a2-0000-7000-8000-000000000001';
const CATERING = '0190a4a2-0000-7000-8000-000000000002';
const NOW = '2030-05-01T09:00:00.000Z';

/** €1,000.00 listed, a floor of €600.00 and €100.00 kept back: Maya offers down to €700.00. */
function input(overrides: Partial<StrategyInput> = {}): StrategyInput {
  return {
    services: [
      { id: PHOTOS, listPrice: 100_000, currency: 'EUR', floor: 60_000, keepBack: 10_000 },
      { id: CATERING, listPrice: 250_000, currency: 'EUR', floor: 200_000, keepBack: 0 },
    ],
    blockedDates: ['2030-06-02'],
    request: {
      serviceId: PHOTOS,
      when: { from: '2030-06-01', to: '2030-06-01' },
      budget: null,
    },
    history: [],
    now: NOW,
    ...overrides,
  };
}

const counter = (amount: number, when = { from: '2030-06-01', to: '2030-06-01' }) =>
  ({ by: 'buyer', price: { amount, currency: 'EUR' }, when }) as const;
const maya = (amount: number) => ({ by: 'maya', amount }) as const;

describe('the concession curve', () => {
  it('opens at the list price and reaches floor + keep-back at the limit, small steps first', () => {
    const prices = [0, 1, 2, 3].map((round) => curvePrice(100_000, 70_000, round, 3, 2));
    expect(prices).toEqual([100_000, 96_667, 86_667, 70_000]);
    const steps = prices.slice(1).map((price, index) => prices[index]! - price);
    expect(steps).toEqual([3_333, 10_000, 16_667]);
  });

  it('rounds up to a whole minor unit, never below the minimum', () => {
    expect(curvePrice(1_001, 1_000, 1, 3, 2)).toBe(1_001);
    expect(curvePrice(1_009, 1_000, 1, 3, 2)).toBe(1_008);
    expect(curvePrice(1_009, 1_000, 3, 3, 2)).toBe(1_000);
  });

  it('stays at the list price with no counters allowed, and stops at the limit past it', () => {
    expect(curvePrice(100_000, 70_000, 2, 0, 2)).toBe(100_000);
    expect(curvePrice(100_000, 70_000, 9, 3, 2)).toBe(70_000);
  });
});

describe('the strategy', () => {
  it('opens at the list price, valid for the policy’s days, on the dates asked', () => {
    const { act, explanation } = decide(input());
    expect(act).toEqual({
      act: 'offer',
      price: { amount: 100_000, currency: 'EUR' },
      serviceId: PHOTOS,
      when: { from: '2030-06-01', to: '2030-06-01' },
      validUntil: '2030-05-08T09:00:00.000Z',
    });
    expect(explanation.rule).toBe('open_at_list');
    expect(explanation.inputs).toMatchObject({
      listPrice: 100_000,
      round: 0,
      counter: null,
      counterLimit: NEGOTIATION_POLICY.counterLimit,
      minimum: 70_000,
    });
  });

  it('concedes along the curve to a final offer at floor + keep-back at the counter limit', () => {
    const history: NegotiationTurn[] = [];
    const acts = [];
    for (const amount of [40_000, 45_000, 50_000]) {
      const { act } = decide(input({ history: [...history] }));
      if (act.act !== 'offer') throw new Error(`expected an offer, got ${act.act}`);
      history.push(maya(act.price.amount), counter(amount));
      acts.push(act.price.amount);
    }
    const last = decide(input({ history }));
    expect(acts).toEqual([100_000, 96_667, 86_667]);
    expect(last.act).toMatchObject({ act: 'final_offer', price: { amount: 70_000 } });
    expect(last.explanation).toMatchObject({
      rule: 'final_offer',
      inputs: { round: 3, counter: 50_000, lowestOffer: 86_667 },
    });
  });

  it('accepts a counter at the floor, even below what it would offer, on the counter’s dates', () => {
    const when = { from: '2030-06-03', to: '2030-06-03' };
    const { act, explanation } = decide(input({ history: [maya(100_000), counter(60_000, when)] }));
    expect(act).toEqual({
      act: 'accept',
      price: { amount: 60_000, currency: 'EUR' },
      serviceId: PHOTOS,
      when,
    });
    expect(explanation.rule).toBe('accept_counter_at_or_above_floor');
  });

  it('answers a counter one cent below the floor with an offer, not an accept', () => {
    const { act } = decide(input({ history: [maya(100_000), counter(59_999)] }));
    expect(act).toMatchObject({ act: 'offer', price: { amount: 96_667 } });
  });

  it('hands over when the buyer counters below the floor after the final offer', () => {
    const history = [
      maya(100_000),
      counter(1),
      maya(96_667),
      counter(1),
      maya(86_667),
      counter(1),
      maya(70_000),
      counter(59_999),
    ];
    expect(decide(input({ history }))).toMatchObject({
      act: { act: 'hand_over', reason: 'counter_limit' },
      explanation: { rule: 'counter_limit_reached', inputs: { round: 4 } },
    });
    // A counter at the floor is still taken.
    history[7] = counter(60_000);
    expect(decide(input({ history })).act.act).toBe('accept');
  });

  it('follows the business’s own counter limit: none means a final offer at the list price', () => {
    const { act } = decide(input({ counterLimit: 0 }));
    expect(act).toMatchObject({ act: 'final_offer', price: { amount: 100_000 } });
    expect(decide(input({ counterLimit: 0, history: [maya(100_000), counter(1)] })).act).toEqual({
      act: 'hand_over',
      reason: 'counter_limit',
    });
  });

  it('hands over when the budget is far below the floor, by the policy’s percent', () => {
    const far = decide(input({ request: { ...input().request, budget: budget(41_999) } }));
    expect(far.act).toEqual({ act: 'hand_over', reason: 'budget_far_below_floor' });
    expect(far.explanation.inputs.budget).toBe(41_999);
    const near = decide(input({ request: { ...input().request, budget: budget(42_000) } }));
    expect(near.act).toMatchObject({ act: 'offer', price: { amount: 100_000 } });
  });

  it('never lets the budget move a number: a high and a low budget get the same offers', () => {
    const history = [maya(100_000), counter(30_000), maya(96_667), counter(35_000)];
    const withBudget = (amount: number) =>
      decide(input({ history, request: { ...input().request, budget: budget(amount) } })).act;
    expect(withBudget(45_000)).toEqual(withBudget(500_000));
    expect(withBudget(45_000)).toEqual(decide(input({ history })).act);
  });

  it('after a withdraw and a new request, never goes below its best earlier offer to the buyer', () => {
    const again = (history: NegotiationTurn[]) =>
      decide(input({ history, earlierOffers: [100_000, 86_667] }));
    expect(again([]).act).toMatchObject({ act: 'offer', price: { amount: 100_000 } });
    const final = again([
      maya(100_000),
      counter(1),
      maya(98_519),
      counter(1),
      maya(94_075),
      counter(1),
    ]);
    expect(final.act).toMatchObject({ act: 'final_offer', price: { amount: 86_667 } });
    expect(final.explanation.inputs).toMatchObject({ minimum: 86_667, earlierLowest: 86_667 });
    // An earlier offer above today's list price binds only down to the list price.
    const cheaper = decide(input({ earlierOffers: [120_000], counterLimit: 0 }));
    expect(cheaper.act).toMatchObject({ price: { amount: 100_000 } });
  });

  it('never offers again above its own lowest offer in this negotiation, nor below the minimum', () => {
    // An offer below the curve (the list price was lower then) stands; a floor raised since wins.
    const history = [maya(90_000), counter(1)];
    expect(decide(input({ history })).act).toMatchObject({ price: { amount: 90_000 } });
    const raised = input({ history: [maya(65_000), counter(1)] });
    expect(decide(raised).act).toMatchObject({ price: { amount: 70_000 } });
  });

  it('hands over for a service it may not offer, or one said only in words', () => {
    const unlisted = input({
      request: { ...input().request, serviceId: '0190a4a2-0000-7000-8000-000000000009' },
    });
    expect(decide(unlisted)).toMatchObject({
      act: { act: 'hand_over', reason: 'unlisted_service' },
      explanation: { rule: 'unlisted_service', inputs: { listPrice: null } },
    });
    const words = input({ request: { ...input().request, serviceId: null } });
    expect(decide(words)).toMatchObject({
      act: { act: 'hand_over', reason: 'unanswerable' },
      explanation: { rule: 'service_not_named' },
    });
  });

  it('hands over on a blocked day, asked or countered, whole windows included', () => {
    const asked = input({
      request: { ...input().request, when: { from: '2030-06-01', to: '2030-06-03' } },
    });
    expect(decide(asked).act).toEqual({ act: 'hand_over', reason: 'blocked_date' });
    const countered = input({
      history: [maya(100_000), counter(90_000, { from: '2030-06-02', to: '2030-06-02' })],
    });
    expect(decide(countered).act).toEqual({ act: 'hand_over', reason: 'blocked_date' });
  });

  it('keeps an offer open no later than the day before the dates it offers', () => {
    const soon = input({
      request: { ...input().request, when: { from: '2030-05-04', to: '2030-05-04' } },
    });
    expect(decide(soon).act).toMatchObject({ validUntil: '2030-05-03T23:59:59.999Z' });
    const passed = input({
      request: { ...input().request, when: { from: '2030-05-01', to: '2030-05-02' } },
    });
    expect(decide(passed)).toMatchObject({
      act: { act: 'hand_over', reason: 'unanswerable' },
      explanation: { rule: 'dates_passed' },
    });
  });

  it('hands over on settings it cannot follow, another currency, or when it is not its turn', () => {
    const [photos, catering] = input().services;
    const above = input({ services: [{ ...photos!, floor: 95_000 }, catering!] });
    expect(decide(above).explanation.rule).toBe('settings_invalid');
    const reais = input({
      history: [maya(100_000), { ...counter(80_000), price: { amount: 80_000, currency: 'BRL' } }],
    });
    expect(decide(reais).explanation.rule).toBe('currency_mismatch');
    const waiting = input({ history: [maya(100_000)] });
    expect(decide(waiting)).toMatchObject({
      act: { act: 'hand_over', reason: 'unanswerable' },
      explanation: { rule: 'out_of_turn' },
    });
  });
});

function budget(amount: number) {
  return { amount, currency: 'EUR' } as const;
}
