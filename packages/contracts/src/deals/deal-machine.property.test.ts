import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REASON, buildRequest, buildTerms } from './deal-builders.js';
import {
  allowedDealActions,
  applyDealAction,
  countersMade,
  initialDealState,
  isFinalDealStatus,
  settleDeal,
  standingVersion,
} from './deal-machine.js';
import {
  dealActions,
  dealActors,
  dealLimits,
  dealOutsiders,
  dealProblems,
  dealStates,
} from './deal-process.js';
import {
  dealEventSchema,
  dealStateSchema,
  type DealAction,
  type DealActionType,
  type DealEvent,
  type DealState,
} from './deals.js';

const DAY = 86_400_000;
const T0 = Date.parse('2030-05-01T09:00:00.000Z');

/**
 * One random move, a while after the last: anyone, any action, naming the newest, an older or any
 * version; or, half the time, one of the moves the actor is offered then (as a screen's buttons
 * would), so runs go deep into deals as well as into refusals.
 */
const stepArbitrary = fc.record({
  actor: fc.constantFrom(...dealActors, ...dealActors, ...dealOutsiders),
  type: fc.constantFrom(...dealActions),
  offered: fc.boolean(),
  pick: fc.nat(),
  named: fc.oneof(
    fc.constant('newest' as const),
    fc.constant('older' as const),
    fc.integer({ min: 0, max: 9 }),
  ),
  // Mostly minutes or hours, sometimes days, so offers lapse and windows close along the way.
  wait: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 6 * 3_600_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 * DAY }) },
  ),
  validDays: fc.integer({ min: 1, max: dealLimits.offerValidMaxDays }),
  amount: fc.integer({ min: 1, max: 500_000 }),
});
type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

function moveOf(step: Step, state: DealState, at: Date): DealAction {
  const newest = state.versions.length;
  const offered = step.offered ? allowedDealActions(state, step.actor, at) : [];
  const button = offered[step.pick % Math.max(1, offered.length)];
  const version =
    button?.version ??
    (step.named === 'newest'
      ? Math.max(1, newest)
      : step.named === 'older'
        ? Math.max(1, newest - 1)
        : Math.max(1, step.named));
  const terms = buildTerms({
    price: { amount: step.amount, currency: 'EUR' },
    validDays: step.validDays,
  });
  const type: DealActionType = button?.type ?? step.type;
  switch (type) {
    case 'request':
      return { type, request: buildRequest() };
    case 'offer':
      return { type, terms };
    case 'counter':
    case 'update':
      return { type, version, terms };
    case 'accept':
      return { type, version };
    case 'report_problem':
    case 'cancel':
      return { type, reason: REASON };
    default:
      return { type };
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Runs the steps, checking after each one what must hold at every moment of every negotiation. */
function play(steps: Step[]) {
  let state = deepFreeze(structuredClone(initialDealState));
  let now = T0;
  let finalSeen: DealState | null = null;
  const events: DealEvent[] = [];
  const seen = new Set<string>([state.status]);

  for (const step of steps) {
    now += step.wait;
    const at = new Date(now);
    const action = moveOf(step, state, at);
    const result = applyDealAction(state, step.actor, action, at);

    // A state once final, as read at any later moment, stays exactly so: no party moves it, and
    // the clock only writes down what reading already showed.
    if (finalSeen) {
      if (step.actor !== 'system') expect(result.ok).toBe(false);
      expect(settleDeal(state, at).state).toEqual(finalSeen);
      if (result.ok) expect(settleDeal(result.next, at).state).toEqual(finalSeen);
    }

    if (!result.ok) {
      expect(dealProblems).toContain(result.problem);
    } else {
      expect(dealOutsiders as readonly string[]).not.toContain(step.actor);
      for (const event of result.events) {
        expect(dealEventSchema.parse(event)).toEqual(event);
      }
      // A sent version never changes, and none is ever taken back.
      expect(result.next.versions.slice(0, state.versions.length)).toEqual(state.versions);
      // A side never makes more than its counters.
      expect(countersMade(result.next, 'buyer')).toBeLessThanOrEqual(dealLimits.countersPerSide);
      expect(countersMade(result.next, 'business')).toBeLessThanOrEqual(dealLimits.countersPerSide);
      // Once accepted, the accepted version stays the one.
      if (state.accepted) expect(result.next.accepted).toEqual(state.accepted);

      for (const event of result.events) {
        if (event.kind !== 'offer_accepted') continue;
        const version = result.next.versions[event.version - 1]!;
        // Nothing is accepted after its valid-until, nor by the side that sent it, nor but the newest.
        expect(Date.parse(event.at)).toBeLessThanOrEqual(Date.parse(version.validUntil));
        expect(version.by).not.toBe(event.actor);
        expect(version).toBe(standingVersion(result.next));
      }
      events.push(...result.events);
      state = deepFreeze(result.next);
    }

    const current = settleDeal(state, at).state;
    seen.add(current.status);
    if (isFinalDealStatus(current.status)) finalSeen ??= current;
  }

  // Every state the moves left is one the schema takes (checked once a run: parsing is the slow part).
  expect(dealStateSchema.parse(state)).toEqual(state);
  // At most one accepted version per negotiation.
  expect(events.filter((event) => event.kind === 'offer_accepted').length).toBeLessThanOrEqual(1);
  return { state, events, seen };
}

describe('the deal machine under random moves and a moving clock', () => {
  it('keeps its promises over any sequence of moves', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 60, size: 'max' }), (steps) => {
        play(steps);
      }),
      { numRuns: 1000 },
    );
  });

  it('reaches every state of the process along the way', () => {
    // The properties above are worth something only if random runs go somewhere: this counts
    // the states that 2,000 runs reach, which must be all of them.
    const reached = new Set<string>();
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 60, size: 'max' }), (steps) => {
        for (const status of play(steps).seen) reached.add(status);
      }),
      { numRuns: 400, seed: 42 },
    );
    expect([...reached].sort()).toEqual(Object.keys(dealStates).sort());
  });
});
