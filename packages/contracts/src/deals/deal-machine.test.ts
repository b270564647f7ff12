import { describe, expect, it } from 'vitest';
import { errorStatus } from '../errors.js';
import { REASON, buildRequest, buildTerms, runMoves, type Move } from './deal-builders.js';
import {
  allowedDealActions,
  applyDealAction,
  countersMade,
  initialDealState,
  settleDeal,
  standingVersion,
} from './deal-machine.js';
import { dealActions, dealActors, dealOutsiders, dealStates } from './deal-process.js';
import {
  dealEventSchema,
  dealProblemCodes,
  dealStateSchema,
  type DealAction,
  type DealActionType,
  type DealActor,
  type DealEventKind,
  type DealProblem,
  type DealState,
  type DealStatus,
} from './deals.js';

const DAY = 86_400_000;
const T0 = new Date('2030-05-01T09:00:00.000Z');
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

const request: Move = ['buyer', { type: 'request', request: buildRequest() }];
const offer: Move = ['business', { type: 'offer', terms: buildTerms() }];
const counter: Move = [
  'buyer',
  {
    type: 'counter',
    version: 1,
    terms: buildTerms({ price: { amount: 70_000, currency: 'EUR' } }),
  },
];
const accept: Move = ['buyer', { type: 'accept', version: 1 }];
const deliver: Move = ['business', { type: 'deliver' }];

/** A state of each status, reached from the start through the machine itself. */
function reach(status: DealStatus): { state: DealState; at: Date } {
  switch (status) {
    case 'start':
      return { state: initialDealState, at: T0 };
    case 'requested':
      return runMoves([request], T0);
    case 'offered':
      return runMoves([request, offer], T0);
    case 'countered':
      return runMoves([request, offer, counter], T0);
    case 'declined':
      return runMoves([request, offer, ['buyer', { type: 'decline' }]], T0);
    case 'withdrawn':
      return runMoves([request, offer, ['business', { type: 'withdraw' }]], T0);
    case 'expired': {
      const { state } = runMoves([request, offer], T0);
      const at = later(T0, 8 * DAY);
      const result = applyDealAction(state, 'system', { type: 'expire' }, at);
      if (!result.ok) throw new Error(result.problem);
      return { state: result.next, at: later(at, 60_000) };
    }
    case 'upcoming':
      return runMoves([request, offer, accept], T0);
    case 'delivered':
      return runMoves([request, offer, accept, deliver], T0);
    case 'problem_reported':
      return runMoves(
        [request, offer, accept, deliver, ['buyer', { type: 'report_problem', reason: REASON }]],
        T0,
      );
    case 'completed':
      return runMoves([request, offer, accept, deliver, ['buyer', { type: 'confirm' }]], T0);
    case 'cancelled':
      return runMoves(
        [request, offer, accept, ['business', { type: 'cancel', reason: REASON }]],
        T0,
      );
  }
}

/** A well-formed move of each kind, naming the version that stands. */
function moveOf(type: DealActionType, state: DealState): DealAction {
  const version = standingVersion(state)?.number ?? 1;
  switch (type) {
    case 'request':
      return { type, request: buildRequest() };
    case 'offer':
      return { type, terms: buildTerms() };
    case 'counter':
    case 'update':
      return { type, version, terms: buildTerms({ price: { amount: 80_000, currency: 'EUR' } }) };
    case 'accept':
      return { type, version };
    case 'report_problem':
    case 'cancel':
      return { type, reason: REASON };
    default:
      return { type };
  }
}

type Cell = readonly [DealStatus, DealEventKind] | DealProblem;

/**
 * Every move the process allows, written out apart from the process's data, with the state it
 * reaches and the event it writes; and the refusals that name a problem of their own. Every
 * (state, actor, action) not written here is `invalid_transition` for a party.
 */
const expected: Record<
  DealStatus,
  Partial<Record<DealActor, Partial<Record<DealActionType, Cell>>>>
> = {
  start: {
    buyer: { request: ['requested', 'quote_requested'] },
    business: { offer: ['offered', 'offer_made'] },
  },
  requested: {
    buyer: { decline: ['declined', 'request_cancelled'] },
    business: { offer: ['offered', 'offer_made'], withdraw: ['withdrawn', 'request_refused'] },
    system: { expire: ['expired', 'request_lapsed'] },
  },
  offered: {
    buyer: {
      accept: ['upcoming', 'offer_accepted'],
      counter: ['countered', 'offer_countered'],
      decline: ['declined', 'offer_declined'],
    },
    business: {
      update: ['offered', 'offer_updated'],
      withdraw: ['withdrawn', 'offer_withdrawn'],
    },
    system: { expire: ['expired', 'offer_lapsed'] },
  },
  countered: {
    buyer: { decline: ['declined', 'offer_declined'] },
    business: {
      accept: ['upcoming', 'offer_accepted'],
      counter: ['offered', 'offer_countered'],
      withdraw: ['withdrawn', 'offer_withdrawn'],
    },
    system: { expire: ['expired', 'offer_lapsed'] },
  },
  declined: {},
  withdrawn: {},
  // The business's offer stood when it lapsed: the buyer's answer to it is too late.
  expired: { buyer: { accept: 'offer_expired', counter: 'offer_expired' } },
  upcoming: {
    buyer: { cancel: ['cancelled', 'deal_cancelled'] },
    business: { deliver: ['delivered', 'deal_delivered'], cancel: ['cancelled', 'deal_cancelled'] },
  },
  delivered: {
    buyer: {
      confirm: ['completed', 'deal_confirmed'],
      report_problem: ['problem_reported', 'problem_reported'],
    },
    system: { complete: ['completed', 'deal_completed'] },
  },
  problem_reported: {
    buyer: { confirm: ['completed', 'deal_confirmed'], cancel: ['cancelled', 'deal_cancelled'] },
    business: { cancel: ['cancelled', 'deal_cancelled'] },
  },
  completed: {},
  cancelled: {},
};

const statuses = Object.keys(dealStates) as DealStatus[];
const cases = statuses.flatMap((status) =>
  [...dealActors, ...dealOutsiders].flatMap((actor) =>
    dealActions.map((action) => ({ status, actor, action })),
  ),
);

describe('the deal machine, over every state, actor and move', () => {
  it.each(cases)('$status: $actor $action', ({ status, actor, action }) => {
    const fixture = reach(status);
    // The clock moves once its time has come; the parties move while everything is fresh.
    const now = actor === 'system' ? later(fixture.at, 60 * DAY) : fixture.at;
    const before = structuredClone(fixture.state);
    const result = applyDealAction(fixture.state, actor, moveOf(action, fixture.state), now);
    expect(fixture.state).toEqual(before);

    if (actor === 'blocked_user') return expect(result).toEqual({ ok: false, problem: 'blocked' });
    if (actor !== 'buyer' && actor !== 'business' && actor !== 'system') {
      return expect(result).toEqual({ ok: false, problem: 'not_a_party' });
    }

    const cell = expected[status][actor]?.[action];
    if (cell === undefined || typeof cell === 'string') {
      const problem = cell ?? 'invalid_transition';
      expect(result).toEqual({ ok: false, problem });
      expect(errorStatus[dealProblemCodes[problem]]).toBe(409);
      return;
    }
    const [to, kind] = cell;
    if (!result.ok) throw new Error(`refused with ${result.problem}`);
    expect(result.next.status).toBe(to);
    expect(dealStateSchema.parse(result.next)).toEqual(result.next);
    expect(result.events).toHaveLength(1);
    expect(dealEventSchema.parse(result.events[0])).toEqual(result.events[0]);
    expect(result.events[0]).toMatchObject({ kind, actor, from: status, to });
  });

  it.each(statuses.flatMap((status) => dealActors.map((actor) => ({ status, actor }))))(
    'lists for $actor in $status exactly the moves the table allows',
    ({ status, actor }) => {
      const fixture = reach(status);
      const now = actor === 'system' ? later(fixture.at, 60 * DAY) : fixture.at;
      const allowed = Object.entries(expected[status][actor] ?? {})
        .filter(([, cell]) => typeof cell !== 'string')
        .map(([action]) => action)
        .sort();
      const listed = allowedDealActions(fixture.state, actor, now);
      expect(listed.map((move) => move.type).sort()).toEqual(allowed);
      // Every move listed is taken as listed.
      for (const move of listed) {
        const action = { ...moveOf(move.type, fixture.state), ...move } as DealAction;
        expect(applyDealAction(fixture.state, actor, action, now).ok).toBe(true);
      }
    },
  );

  it('gives outsiders no move in any state', () => {
    for (const status of statuses) {
      for (const outsider of dealOutsiders) {
        expect(allowedDealActions(reach(status).state, outsider, T0)).toEqual([]);
      }
    }
  });

  it('maps every refusal to one problem code: 409 for a party, 404 and 403 for the others', () => {
    expect(
      Object.fromEntries(
        Object.entries(dealProblemCodes).map(([problem, code]) => [problem, errorStatus[code]]),
      ),
    ).toEqual({
      offer_superseded: 409,
      offer_expired: 409,
      invalid_transition: 409,
      counter_limit: 409,
      not_a_party: 404,
      blocked: 403,
    });
  });
});

describe('accepting a version', () => {
  it('refuses a version an update replaced with offer_superseded, and takes the newest', () => {
    const { state, at } = runMoves(
      [request, offer, ['business', { type: 'update', version: 1, terms: buildTerms() }]],
      T0,
    );
    expect(applyDealAction(state, 'buyer', { type: 'accept', version: 1 }, at)).toEqual({
      ok: false,
      problem: 'offer_superseded',
    });
    const taken = applyDealAction(state, 'buyer', { type: 'accept', version: 2 }, at);
    expect(taken.ok && taken.next.accepted).toEqual({ version: 2, at: at.toISOString() });
  });

  it('refuses a version that never existed as an invalid transition', () => {
    const { state, at } = runMoves([request, offer], T0);
    expect(applyDealAction(state, 'buyer', { type: 'accept', version: 9 }, at)).toEqual({
      ok: false,
      problem: 'invalid_transition',
    });
  });

  it('takes an offer at its valid-until and refuses it one second later with offer_expired', () => {
    const { state } = runMoves([request, offer], T0);
    const validUntil = new Date(standingVersion(state)!.validUntil);
    expect(validUntil.getTime()).toBe(Date.parse(state.versions[0]!.sentAt) + 7 * DAY);

    expect(applyDealAction(state, 'buyer', { type: 'accept', version: 1 }, validUntil).ok).toBe(
      true,
    );
    expect(
      applyDealAction(state, 'buyer', { type: 'accept', version: 1 }, later(validUntil, 1000)),
    ).toEqual({ ok: false, problem: 'offer_expired' });
  });

  it('keeps an offer open as long as its author chose', () => {
    const { state } = runMoves(
      [request, ['business', { type: 'offer', terms: buildTerms({ validDays: 2 }) }]],
      T0,
    );
    const sentAt = Date.parse(state.versions[0]!.sentAt);
    expect(Date.parse(state.versions[0]!.validUntil)).toBe(sentAt + 2 * DAY);
    expect(
      applyDealAction(state, 'buyer', { type: 'accept', version: 1 }, new Date(sentAt + 3 * DAY)),
    ).toEqual({ ok: false, problem: 'offer_expired' });
  });

  it('answers an older version with offer_superseded even after the newest lapsed', () => {
    const { state } = runMoves(
      [request, offer, ['business', { type: 'update', version: 1, terms: buildTerms() }]],
      T0,
    );
    const lapsed = later(T0, 30 * DAY);
    expect(applyDealAction(state, 'buyer', { type: 'accept', version: 1 }, lapsed)).toEqual({
      ok: false,
      problem: 'offer_superseded',
    });
  });

  it('lets the business accept the buyer’s counter, and not its own offer', () => {
    const { state, at } = runMoves([request, offer, counter], T0);
    expect(applyDealAction(state, 'business', { type: 'accept', version: 1 }, at)).toEqual({
      ok: false,
      problem: 'offer_superseded',
    });
    const taken = applyDealAction(state, 'business', { type: 'accept', version: 2 }, at);
    if (!taken.ok) throw new Error(taken.problem);
    expect(taken.next.status).toBe('upcoming');
    expect(taken.next.accepted?.version).toBe(2);
    expect(taken.next.versions[1]!.terms.price).toEqual({ amount: 70_000, currency: 'EUR' });
  });
});

describe('counters', () => {
  const counterBy = (actor: DealActor, version: number): Move => [
    actor,
    { type: 'counter', version, terms: buildTerms() },
  ];

  it('allows three counters a side, and refuses a fourth with counter_limit', () => {
    const { state, at } = runMoves(
      [
        request,
        offer,
        counterBy('buyer', 1),
        counterBy('business', 2),
        counterBy('buyer', 3),
        counterBy('business', 4),
        counterBy('buyer', 5),
        counterBy('business', 6),
      ],
      T0,
    );
    expect(state.versions).toHaveLength(7);
    expect(countersMade(state, 'buyer')).toBe(3);
    expect(countersMade(state, 'business')).toBe(3);
    expect(applyDealAction(state, 'buyer', counterBy('buyer', 7)[1], at)).toEqual({
      ok: false,
      problem: 'counter_limit',
    });
    expect(allowedDealActions(state, 'buyer', at).map((move) => move.type)).toEqual([
      'accept',
      'decline',
    ]);
    expect(applyDealAction(state, 'buyer', { type: 'accept', version: 7 }, at).ok).toBe(true);
  });

  it('counts a business’s updates as its counters', () => {
    const update = (version: number): Move => [
      'business',
      { type: 'update', version, terms: buildTerms() },
    ];
    const { state, at } = runMoves([offer, update(1), update(2), update(3)], T0);
    expect(countersMade(state, 'business')).toBe(3);
    expect(applyDealAction(state, 'business', update(4)[1], at)).toEqual({
      ok: false,
      problem: 'counter_limit',
    });
  });

  it('keeps each sent version as it was sent', () => {
    const { state } = runMoves([request, offer, counter], T0);
    const first = structuredClone(state.versions[0]);
    const { state: after } = runMoves(
      [request, offer, counter, counterBy('business', 2), counterBy('buyer', 3)],
      T0,
    );
    expect(after.versions[0]).toEqual(first);
    expect(after.versions.map((version) => version.by)).toEqual([
      'business',
      'buyer',
      'business',
      'buyer',
    ]);
  });
});

describe('the clock, read when asked', () => {
  it('lapses a request 14 days after it was sent, with no offer', () => {
    const { state } = runMoves([request], T0);
    const expiresAt = Date.parse(state.request!.expiresAt);
    expect(expiresAt).toBe(T0.getTime() + 14 * DAY);

    expect(settleDeal(state, new Date(expiresAt)).events).toEqual([]);
    const settled = settleDeal(state, new Date(expiresAt + 1));
    expect(settled.state.status).toBe('expired');
    expect(settled.events).toEqual([
      {
        kind: 'request_lapsed',
        actor: 'system',
        from: 'requested',
        to: 'expired',
        at: state.request!.expiresAt,
      },
    ]);
    expect(
      applyDealAction(
        state,
        'business',
        { type: 'offer', terms: buildTerms() },
        later(T0, 15 * DAY),
      ),
    ).toEqual({ ok: false, problem: 'invalid_transition' });
  });

  it('does not let the clock move before its time', () => {
    expect(applyDealAction(reach('requested').state, 'system', { type: 'expire' }, T0)).toEqual({
      ok: false,
      problem: 'invalid_transition',
    });
    const delivered = reach('delivered');
    expect(applyDealAction(delivered.state, 'system', { type: 'complete' }, delivered.at)).toEqual({
      ok: false,
      problem: 'invalid_transition',
    });
  });

  it('completes a delivered deal by itself 7 days on, unless a problem was reported', () => {
    const { state, at } = reach('delivered');
    const windowEnds = Date.parse(state.delivery!.problemWindowEndsAt);
    expect(windowEnds).toBe(Date.parse(state.delivery!.at) + 7 * DAY);

    const reported = applyDealAction(
      state,
      'buyer',
      { type: 'report_problem', reason: REASON },
      new Date(windowEnds),
    );
    expect(reported.ok && reported.next.status).toBe('problem_reported');
    expect(
      applyDealAction(
        state,
        'buyer',
        { type: 'report_problem', reason: REASON },
        new Date(windowEnds + 1000),
      ),
    ).toEqual({ ok: false, problem: 'invalid_transition' });

    const settled = settleDeal(state, new Date(windowEnds + 1000));
    expect(settled.state.status).toBe('completed');
    expect(settled.events.map((event) => [event.kind, event.actor, event.at])).toEqual([
      ['deal_completed', 'system', state.delivery!.problemWindowEndsAt],
    ]);
    // A problem reported in time holds the deal open past the window.
    if (!reported.ok) throw new Error(reported.problem);
    expect(settleDeal(reported.next, later(at, 60 * DAY)).state.status).toBe('problem_reported');
  });

  it('lets the buyer confirm early', () => {
    const { state, at } = reach('delivered');
    const confirmed = applyDealAction(state, 'buyer', { type: 'confirm' }, at);
    expect(confirmed.ok && confirmed.events.map((event) => event.kind)).toEqual(['deal_confirmed']);
  });

  it('leaves a final state as it is, whenever it is read', () => {
    for (const status of statuses.filter((status) => dealStates[status].final)) {
      const { state } = reach(status);
      expect(settleDeal(state, later(T0, 400 * DAY))).toEqual({ state, events: [] });
    }
  });
});

describe('a deal', () => {
  it('keeps who cancelled and why', () => {
    const { state, at } = reach('upcoming');
    const cancelled = applyDealAction(state, 'buyer', { type: 'cancel', reason: REASON }, at);
    if (!cancelled.ok) throw new Error(cancelled.problem);
    expect(cancelled.next.cancellation).toEqual({
      by: 'buyer',
      reason: REASON,
      at: at.toISOString(),
    });
    expect(cancelled.events[0]).toMatchObject({ kind: 'deal_cancelled', reason: REASON });
  });

  it('starts from an offer nobody asked for', () => {
    const { state, at } = runMoves([offer], T0);
    expect(state.request).toBeNull();
    const accepted = applyDealAction(state, 'buyer', { type: 'accept', version: 1 }, at);
    expect(accepted.ok && accepted.next.status).toBe('upcoming');
  });
});
