import type { dealGuards } from './deal-process.js';
import {
  dealLimits,
  dealOutsiders,
  dealRefusals,
  dealStates,
  dealTransitions,
  type DealRefusal,
  type DealTransition,
} from './deal-process.js';
import type {
  AvailableDealAction,
  DealAction,
  DealActor,
  DealEvent,
  DealOutsider,
  DealParty,
  DealProblem,
  DealState,
  DealStatus,
  OfferVersion,
} from './deals.js';

// The one interpreter of deal-process.ts. It holds no rule of its own beyond what each guard
// and each move's effect mean: which move is allowed where, to whom, and to what end is the
// table's. Pure: the same state, actor, move and clock always give the same answer.

export type DealResult =
  { ok: true; next: DealState; events: DealEvent[] } | { ok: false; problem: DealProblem };

/** A negotiation before its first move. */
export const initialDealState: DealState = {
  status: 'start',
  request: null,
  versions: [],
  accepted: null,
  delivery: null,
  problem: null,
  cancellation: null,
};

// Read through their row types, so each row is a DealTransition (or DealRefusal), not a literal.
const transitions: readonly DealTransition[] = dealTransitions;
const refusals: readonly DealRefusal[] = dealRefusals;

const DAY_MS = 86_400_000;

function daysAfter(at: Date, days: number): string {
  return new Date(at.getTime() + days * DAY_MS).toISOString();
}

/** Past an instant: an offer is still open at its valid-until, and lapsed a moment after. */
function isPast(now: Date, instant: string): boolean {
  return now.getTime() > Date.parse(instant);
}

export function isFinalDealStatus(status: DealStatus): boolean {
  return dealStates[status].final;
}

export function isDealOutsider(actor: DealActor | DealOutsider): actor is DealOutsider {
  return (dealOutsiders as readonly string[]).includes(actor);
}

/** The version that stands: the newest. */
export function standingVersion(state: DealState): OfferVersion | undefined {
  return state.versions.at(-1);
}

/** A side's counters so far: every buyer version, every business version after its first offer. */
export function countersMade(state: DealState, party: DealParty): number {
  const made = state.versions.filter((version) => version.by === party).length;
  return party === 'business' ? Math.max(0, made - 1) : made;
}

type Guard = (
  state: DealState,
  actor: DealActor,
  named: number | undefined,
  now: Date,
) => DealProblem | null;

const guards: Record<(typeof dealGuards)[number], Guard> = {
  namesStanding(state, _actor, named) {
    const newest = state.versions.length;
    if (named === undefined || named < 1 || named > newest) return 'invalid_transition';
    return named === newest ? null : 'offer_superseded';
  },
  offerValid(state, _actor, _named, now) {
    const standing = standingVersion(state);
    return standing && !isPast(now, standing.validUntil) ? null : 'offer_expired';
  },
  counterLeft(state, actor) {
    if (actor === 'system') return 'invalid_transition';
    return countersMade(state, actor) < dealLimits.countersPerSide ? null : 'counter_limit';
  },
  byOtherSide(state, actor) {
    const standing = standingVersion(state);
    return standing && standing.by !== actor ? null : 'invalid_transition';
  },
  requestLapsed(state, _actor, _named, now) {
    return state.request && isPast(now, state.request.expiresAt) ? null : 'invalid_transition';
  },
  offerLapsed(state, _actor, _named, now) {
    const standing = standingVersion(state);
    return standing && isPast(now, standing.validUntil) ? null : 'invalid_transition';
  },
  problemWindowOpen(state, _actor, _named, now) {
    return state.delivery && !isPast(now, state.delivery.problemWindowEndsAt)
      ? null
      : 'invalid_transition';
  },
  problemWindowClosed(state, _actor, _named, now) {
    return state.delivery && isPast(now, state.delivery.problemWindowEndsAt)
      ? null
      : 'invalid_transition';
  },
};

function firstRefusal(
  row: DealTransition | DealRefusal,
  state: DealState,
  actor: DealActor,
  named: number | undefined,
  now: Date,
): DealProblem | null {
  for (const guard of row.guards) {
    const problem = guards[guard](state, actor, named, now);
    if (problem) return problem;
  }
  return null;
}

function rowFor<Row extends DealTransition | DealRefusal>(
  rows: readonly Row[],
  status: DealStatus,
  actor: DealActor,
  action: DealAction['type'],
): Row | undefined {
  return rows.find(
    (row) => row.from === status && row.action === action && row.actors.includes(actor),
  );
}

/** The instant a clock's move became due: what its event records as `at`. */
function dueAt(state: DealState, action: DealAction['type'], now: Date): string {
  if (action === 'expire') {
    return standingVersion(state)?.validUntil ?? state.request?.expiresAt ?? now.toISOString();
  }
  if (action === 'complete') return state.delivery?.problemWindowEndsAt ?? now.toISOString();
  return now.toISOString();
}

/** Takes a move the table allows: the next state and its one event. */
function take(
  state: DealState,
  row: DealTransition,
  actor: DealActor,
  action: DealAction,
  now: Date,
): { next: DealState; event: DealEvent } {
  const at = dueAt(state, action.type, now);
  const moved: DealState = { ...state, status: row.to };
  const base = { actor, from: state.status, to: row.to, at };
  const standing = standingVersion(state)?.number;
  // The table pairs each move with its event kinds; the schema checks the pair (see the tests).
  const event = (detail: object) => ({ kind: row.event, ...base, ...detail }) as DealEvent;

  switch (action.type) {
    case 'request': {
      const request = {
        ...action.request,
        sentAt: at,
        expiresAt: daysAfter(now, dealLimits.requestOpenDays),
      };
      return { next: { ...moved, request }, event: event({ request }) };
    }
    case 'offer':
    case 'counter':
    case 'update': {
      const { validDays, ...terms } = action.terms;
      const version: OfferVersion = {
        number: state.versions.length + 1,
        by: actor === 'buyer' ? 'buyer' : 'business',
        terms,
        sentAt: at,
        validUntil: daysAfter(now, validDays),
      };
      return {
        next: { ...moved, versions: [...state.versions, version] },
        event: event({ version }),
      };
    }
    case 'accept':
      return {
        next: { ...moved, accepted: { version: action.version, at } },
        event: event({ version: action.version }),
      };
    case 'deliver': {
      const delivery = { at, problemWindowEndsAt: daysAfter(now, dealLimits.problemWindowDays) };
      return {
        next: { ...moved, delivery },
        event: event({ problemWindowEndsAt: delivery.problemWindowEndsAt }),
      };
    }
    case 'report_problem':
      return {
        next: { ...moved, problem: { reason: action.reason, at } },
        event: event({ reason: action.reason }),
      };
    case 'cancel': {
      const by: DealParty = actor === 'buyer' ? 'buyer' : 'business';
      return {
        next: { ...moved, cancellation: { by, reason: action.reason, at } },
        event: event({ reason: action.reason }),
      };
    }
    case 'decline':
    case 'withdraw':
    case 'expire':
      return { next: moved, event: event(standing === undefined ? {} : { version: standing }) };
    case 'confirm':
    case 'complete':
      return { next: moved, event: event({}) };
  }
}

function decide(state: DealState, actor: DealActor, action: DealAction, now: Date): DealResult {
  const named = 'version' in action ? action.version : undefined;
  const row = rowFor(transitions, state.status, actor, action.type);
  if (!row) {
    const refusal = rowFor(refusals, state.status, actor, action.type);
    if (!refusal) return { ok: false, problem: 'invalid_transition' };
    return {
      ok: false,
      problem: firstRefusal(refusal, state, actor, named, now) ?? refusal.problem,
    };
  }
  const problem = firstRefusal(row, state, actor, named, now);
  if (problem) return { ok: false, problem };
  const { next, event } = take(state, row, actor, action, now);
  return { ok: true, next, events: [event] };
}

/**
 * The state as it is at `now`: the clock's moves that fell due since it was stored (a lapsed
 * request or offer, a deal past its problem window) are taken, in order, each with its event.
 * Expiry is decided here, when read, so nothing waits on a job.
 */
export function settleDeal(state: DealState, now: Date): { state: DealState; events: DealEvent[] } {
  let current = state;
  const events: DealEvent[] = [];
  for (;;) {
    const due = transitions.find(
      (row) =>
        row.from === current.status &&
        row.actors.includes('system') &&
        firstRefusal(row, current, 'system', undefined, now) === null,
    );
    if (!due) return { state: current, events };
    const taken = take(current, due, 'system', { type: due.action } as DealAction, now);
    current = taken.next;
    events.push(taken.event);
  }
}

/**
 * One move. A party moves on the state as it is at `now` (settled first, so a lapsed offer is
 * `offer_expired` whether or not anything stored the lapse); the clock's own moves are taken only
 * once due. Anyone who is not a party takes nothing.
 */
export function applyDealAction(
  state: DealState,
  actor: DealActor | DealOutsider,
  action: DealAction,
  now: Date,
): DealResult {
  if (isDealOutsider(actor)) {
    return { ok: false, problem: actor === 'blocked_user' ? 'blocked' : 'not_a_party' };
  }
  if (actor === 'system') return decide(state, actor, action, now);
  const settled = settleDeal(state, now);
  const result = decide(settled.state, actor, action, now);
  return result.ok ? { ...result, events: [...settled.events, ...result.events] } : result;
}

/**
 * The moves an actor may take at `now`, each with the version it must name: the buttons a
 * screen draws. A move listed here, sent with that version at that instant, is taken.
 */
export function allowedDealActions(
  state: DealState,
  actor: DealActor | DealOutsider,
  now: Date,
): AvailableDealAction[] {
  if (isDealOutsider(actor)) return [];
  const current = actor === 'system' ? state : settleDeal(state, now).state;
  const standing = standingVersion(current)?.number;
  return transitions
    .filter(
      (row) =>
        row.from === current.status &&
        row.actors.includes(actor) &&
        firstRefusal(row, current, actor, standing, now) === null,
    )
    .map((row) =>
      row.guards.includes('namesStanding') && standing !== undefined
        ? { type: row.action, version: standing }
        : { type: row.action },
    );
}
