// The quote-request, offer and deal process as plain data, with no zod and no logic: the one
// place its states, its moves and its limits are written. `deal-machine.ts` reads it; the
// schemas, the server and the web take their names from it. README.md draws it.

/** The longest description of a need or of what an offer includes. */
export const DEAL_TEXT_MAX = 2000;
/** The longest reason for a cancellation or a problem. */
export const DEAL_REASON_MAX = 1000;

/** The process's numbers. Days are counted as 24-hour periods from the instant a thing happened. */
export const dealLimits = {
  /** Counters each side may make in one negotiation; a business's update counts as one. */
  countersPerSide: 3,
  /** A request with no offer lapses this many days after it was sent. */
  requestOpenDays: 14,
  /** An offer's valid-until when its author does not choose one. */
  offerValidDays: 7,
  /** The longest an author may keep an offer open. */
  offerValidMaxDays: 30,
  /** After delivery, the buyer may report a problem this long; then the deal completes by itself. */
  problemWindowDays: 7,
} as const;

/**
 * Every state, with its phase (a negotiation before an accept, a deal after) and whether it is
 * final: a final state takes no move from anyone, ever.
 */
export const dealStates = {
  /** Nothing yet: the buyer requests a quote, or the business makes an offer unasked. */
  start: { phase: 'negotiation', final: false },
  /** The buyer asked; no offer yet. Lapses after `requestOpenDays`. */
  requested: { phase: 'negotiation', final: false },
  /** The business's version stands (an offer, an update or a counter); the buyer answers. */
  offered: { phase: 'negotiation', final: false },
  /** The buyer's counter stands; the business answers. */
  countered: { phase: 'negotiation', final: false },
  /** The buyer declined (or dropped the request). */
  declined: { phase: 'negotiation', final: true },
  /** The business withdrew (or turned the request down). */
  withdrawn: { phase: 'negotiation', final: true },
  /** The request, or the standing version, passed its time with no answer. */
  expired: { phase: 'negotiation', final: true },
  /** A deal: accepted, not delivered yet. */
  upcoming: { phase: 'deal', final: false },
  /** The business marked it delivered; the buyer confirms, or it completes by itself. */
  delivered: { phase: 'deal', final: false },
  /** The buyer reported a problem within the window; it stays until confirmed or cancelled. */
  problem_reported: { phase: 'deal', final: false },
  completed: { phase: 'deal', final: true },
  cancelled: { phase: 'deal', final: true },
} as const;

/** The two people of a deal, and the clock. */
export const dealActors = ['buyer', 'business', 'system'] as const;

/**
 * Everyone else, who may take no move: another member, one of the two parties across a block,
 * an operator, a visitor who is not signed in.
 */
export const dealOutsiders = ['other_user', 'blocked_user', 'operator', 'visitor'] as const;

/** Every move. `expire` and `complete` are the clock's. */
export const dealActions = [
  'request',
  'offer',
  'counter',
  'update',
  'accept',
  'decline',
  'withdraw',
  'expire',
  'deliver',
  'confirm',
  'report_problem',
  'complete',
  'cancel',
] as const;

/**
 * What a refused move answers. Each has one HTTP status and problem code (`dealProblemCodes`
 * in deal-machine.ts): a party's refused move is a 409.
 */
export const dealProblems = [
  /** The move names a version that a later one replaced. */
  'offer_superseded',
  /** The version named passed its valid-until. */
  'offer_expired',
  /** The state does not take this move from this actor, now. */
  'invalid_transition',
  /** The side has made all its counters. */
  'counter_limit',
  /** The actor is not one of the deal's two people. */
  'not_a_party',
  /** The two people blocked each other: nothing crosses. */
  'blocked',
] as const;

/**
 * The checks a move passes before it is taken, each refusing with one problem:
 * - `namesStanding`: the version the move names is the newest one (an older one is
 *   `offer_superseded`, one that never existed `invalid_transition`);
 * - `offerValid`: now is not past the standing version's valid-until (`offer_expired`);
 * - `counterLeft`: the actor's side has a counter left (`counter_limit`);
 * - `byOtherSide`: the standing version is the other side's (`invalid_transition`);
 * - `requestLapsed`, `offerLapsed`, `problemWindowClosed`: the clock's move is due
 *   (`invalid_transition` before then);
 * - `problemWindowOpen`: the problem window has not closed (`invalid_transition`).
 */
export const dealGuards = [
  'namesStanding',
  'offerValid',
  'counterLeft',
  'byOtherSide',
  'requestLapsed',
  'offerLapsed',
  'problemWindowOpen',
  'problemWindowClosed',
] as const;

/** The kinds of event a move writes, each one message in the chat. */
export const dealEventKinds = [
  'quote_requested',
  'offer_made',
  'offer_countered',
  'offer_updated',
  'offer_accepted',
  'offer_declined',
  'offer_withdrawn',
  'request_cancelled',
  'request_refused',
  'request_lapsed',
  'offer_lapsed',
  'deal_delivered',
  'deal_confirmed',
  'problem_reported',
  'deal_completed',
  'deal_cancelled',
] as const;

type State = keyof typeof dealStates;
type Actor = (typeof dealActors)[number];

/** One move: in state `from`, one of `actors` takes `action`, the guards pass, and it is `to`. */
export interface DealTransition {
  readonly from: State;
  readonly action: (typeof dealActions)[number];
  readonly actors: readonly Actor[];
  readonly guards: readonly (typeof dealGuards)[number][];
  readonly to: State;
  readonly event: (typeof dealEventKinds)[number];
}

/**
 * A move that is refused with a named problem rather than `invalid_transition` once its guards
 * pass: accepting the newest version of an expired negotiation is `offer_expired`.
 */
export interface DealRefusal {
  readonly from: State;
  readonly action: (typeof dealActions)[number];
  readonly actors: readonly Actor[];
  readonly guards: readonly (typeof dealGuards)[number][];
  readonly problem: (typeof dealProblems)[number];
}

/** Every move the process takes; any other (state, actor, action) is refused. */
// prettier-ignore
export const dealTransitions = [
  // A negotiation starts with a request, or with an offer nobody asked for.
  { from: 'start', action: 'request', actors: ['buyer'], guards: [], to: 'requested', event: 'quote_requested' },
  { from: 'start', action: 'offer', actors: ['business'], guards: [], to: 'offered', event: 'offer_made' },

  { from: 'requested', action: 'offer', actors: ['business'], guards: [], to: 'offered', event: 'offer_made' },
  { from: 'requested', action: 'decline', actors: ['buyer'], guards: [], to: 'declined', event: 'request_cancelled' },
  { from: 'requested', action: 'withdraw', actors: ['business'], guards: [], to: 'withdrawn', event: 'request_refused' },
  { from: 'requested', action: 'expire', actors: ['system'], guards: ['requestLapsed'], to: 'expired', event: 'request_lapsed' },

  // The business's version stands: the buyer accepts, counters or declines; the business may
  // replace it with an update (a new version the buyer must accept) or withdraw.
  { from: 'offered', action: 'accept', actors: ['buyer'], guards: ['namesStanding', 'offerValid'], to: 'upcoming', event: 'offer_accepted' },
  { from: 'offered', action: 'counter', actors: ['buyer'], guards: ['namesStanding', 'offerValid', 'counterLeft'], to: 'countered', event: 'offer_countered' },
  { from: 'offered', action: 'update', actors: ['business'], guards: ['namesStanding', 'counterLeft'], to: 'offered', event: 'offer_updated' },
  { from: 'offered', action: 'decline', actors: ['buyer'], guards: [], to: 'declined', event: 'offer_declined' },
  { from: 'offered', action: 'withdraw', actors: ['business'], guards: [], to: 'withdrawn', event: 'offer_withdrawn' },
  { from: 'offered', action: 'expire', actors: ['system'], guards: ['offerLapsed'], to: 'expired', event: 'offer_lapsed' },

  // The buyer's counter stands: the business accepts or counters it; either may end it.
  { from: 'countered', action: 'accept', actors: ['business'], guards: ['namesStanding', 'offerValid'], to: 'upcoming', event: 'offer_accepted' },
  { from: 'countered', action: 'counter', actors: ['business'], guards: ['namesStanding', 'offerValid', 'counterLeft'], to: 'offered', event: 'offer_countered' },
  { from: 'countered', action: 'decline', actors: ['buyer'], guards: [], to: 'declined', event: 'offer_declined' },
  { from: 'countered', action: 'withdraw', actors: ['business'], guards: [], to: 'withdrawn', event: 'offer_withdrawn' },
  { from: 'countered', action: 'expire', actors: ['system'], guards: ['offerLapsed'], to: 'expired', event: 'offer_lapsed' },

  // The deal.
  { from: 'upcoming', action: 'deliver', actors: ['business'], guards: [], to: 'delivered', event: 'deal_delivered' },
  { from: 'upcoming', action: 'cancel', actors: ['buyer', 'business'], guards: [], to: 'cancelled', event: 'deal_cancelled' },
  { from: 'delivered', action: 'confirm', actors: ['buyer'], guards: [], to: 'completed', event: 'deal_confirmed' },
  { from: 'delivered', action: 'report_problem', actors: ['buyer'], guards: ['problemWindowOpen'], to: 'problem_reported', event: 'problem_reported' },
  { from: 'delivered', action: 'complete', actors: ['system'], guards: ['problemWindowClosed'], to: 'completed', event: 'deal_completed' },
  { from: 'problem_reported', action: 'confirm', actors: ['buyer'], guards: [], to: 'completed', event: 'deal_confirmed' },
  { from: 'problem_reported', action: 'cancel', actors: ['buyer', 'business'], guards: [], to: 'cancelled', event: 'deal_cancelled' },
] as const satisfies readonly DealTransition[];

/** Refusals that say more than `invalid_transition`. */
// prettier-ignore
export const dealRefusals = [
  // The answer to the side whose turn it was, naming the newest version, once it has lapsed.
  { from: 'expired', action: 'accept', actors: ['buyer', 'business'], guards: ['namesStanding', 'byOtherSide'], problem: 'offer_expired' },
  { from: 'expired', action: 'counter', actors: ['buyer', 'business'], guards: ['namesStanding', 'byOtherSide'], problem: 'offer_expired' },
] as const satisfies readonly DealRefusal[];

/**
 * The tabs of /deals (`GET /deals?tab=`), each with the states it lists, as read at the clock (a
 * deal past its problem window is completed, a lapsed offer expired). A deal is in one tab at a
 * time; a negotiation that ended without a deal (declined, withdrawn, expired) is in none.
 */
export const dealTabs = {
  negotiating: ['requested', 'offered', 'countered'],
  upcoming: ['upcoming'],
  delivered: ['delivered', 'problem_reported'],
  completed: ['completed'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly State[]>;
