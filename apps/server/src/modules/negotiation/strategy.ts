import type { Currency, DateWindow, DealMoney } from '@maya/contracts';
import { NEGOTIATION_POLICY, type NegotiationPolicy } from './policy.js';

/**
 * Maya's negotiating strategy for a business: the one place that picks a number. Pure and
 * deterministic: the same input gives the same decision, with no clock, no randomness and no I/O
 * (the instant it decides at is an input). What it answers is an act for the language step to
 * phrase and an explanation for the business's log. README.md gives the rules and their reading.
 */

/** A service Maya may offer, with the business's own limits for it (minor units, its currency). */
export interface MayaService {
  id: string;
  /** What the business lists (its `priceFrom`): Maya opens here. */
  listPrice: number;
  currency: Currency;
  /** Maya accepts any counter at or above it. */
  floor: number;
  /** Maya offers at or above floor + keep-back. */
  keepBack: number;
}

/** One turn of the negotiation so far, oldest first: Maya's offers and the buyer's counter cards. */
export type NegotiationTurn =
  { by: 'maya'; amount: number } | { by: 'buyer'; price: DealMoney; when: DateWindow };

export interface StrategyInput {
  /** The services the business lets Maya offer. */
  services: readonly MayaService[];
  /** Days the business cannot take, `YYYY-MM-DD`. */
  blockedDates: readonly string[];
  /** Maya's counters after her opening offer; the policy's when the business sets none. */
  counterLimit?: number;
  /** What the buyer asked for: a service (null: said only in words), the days, a budget. */
  request: { serviceId: string | null; when: DateWindow; budget: DealMoney | null };
  /** This negotiation so far, oldest first. */
  history: readonly NegotiationTurn[];
  /** Maya's offers to this buyer for this service in earlier negotiations (minor units). */
  earlierOffers?: readonly number[];
  /** The instant of the decision (ISO 8601): an offer's valid-until counts from it. */
  now: string;
  policy?: NegotiationPolicy;
}

export const handOverReasons = [
  'budget_far_below_floor',
  'counter_limit',
  'unlisted_service',
  'blocked_date',
  'unanswerable',
] as const;
export type HandOverReason = (typeof handOverReasons)[number];

/** The rule that decided, as the business's log names it. */
export type StrategyRule =
  | 'open_at_list'
  | 'concede_on_curve'
  | 'final_offer'
  | 'accept_counter_at_or_above_floor'
  | 'counter_limit_reached'
  | 'budget_far_below_floor'
  | 'service_not_named'
  | 'unlisted_service'
  | 'settings_invalid'
  | 'currency_mismatch'
  | 'blocked_date'
  | 'dates_passed'
  | 'out_of_turn';

export type NegotiationAct =
  | {
      act: 'offer' | 'final_offer';
      price: DealMoney;
      serviceId: string;
      when: DateWindow;
      /** The last instant the offer may be accepted (ISO 8601). */
      validUntil: string;
    }
  | { act: 'accept'; price: DealMoney; serviceId: string; when: DateWindow }
  | { act: 'hand_over'; reason: HandOverReason };

/** What the rule read, for the business's log (never for the buyer, nor for a language model). */
export interface StrategyExplanation {
  rule: StrategyRule;
  inputs: {
    listPrice: number | null;
    /** The buyer's counters so far in this negotiation. */
    round: number;
    /** The counter answered, or null. */
    counter: number | null;
    counterLimit: number;
    floor: number | null;
    keepBack: number | null;
    /** The lowest Maya may offer now: floor + keep-back, or her earlier best to this buyer. */
    minimum: number | null;
    /** Maya's lowest offer so far in this negotiation. */
    lowestOffer: number | null;
    /** Maya's lowest offer to this buyer for this service in earlier negotiations. */
    earlierLowest: number | null;
    budget: number | null;
  };
}

export interface StrategyDecision {
  act: NegotiationAct;
  explanation: StrategyExplanation;
}

const DAY_MS = 86_400_000;

/** Maya's next act, and why. */
export function decide(input: StrategyInput): StrategyDecision {
  const policy = input.policy ?? NEGOTIATION_POLICY;
  const counterLimit = Math.max(0, Math.floor(input.counterLimit ?? policy.counterLimit));
  const counters = input.history.filter((turn) => turn.by === 'buyer');
  const offers = input.history.flatMap((turn) => (turn.by === 'maya' ? [turn.amount] : []));
  const last = input.history.at(-1);
  const counter = last?.by === 'buyer' ? last : null;
  const service = input.services.find((listed) => listed.id === input.request.serviceId) ?? null;
  const earlier = input.earlierOffers?.length ? Math.min(...input.earlierOffers) : null;

  const inputs: StrategyExplanation['inputs'] = {
    listPrice: service?.listPrice ?? null,
    round: counters.length,
    counter: counter?.price.amount ?? null,
    counterLimit,
    floor: service?.floor ?? null,
    keepBack: service?.keepBack ?? null,
    minimum: null,
    lowestOffer: offers.length ? Math.min(...offers) : null,
    earlierLowest: earlier,
    budget: input.request.budget?.amount ?? null,
  };
  const handOver = (reason: HandOverReason, rule: StrategyRule): StrategyDecision => ({
    act: { act: 'hand_over', reason },
    explanation: { rule, inputs },
  });

  if (input.request.serviceId === null) return handOver('unanswerable', 'service_not_named');
  if (!service) return handOver('unlisted_service', 'unlisted_service');
  if (!validSettings(service)) return handOver('unanswerable', 'settings_invalid');
  const moneyIn = [input.request.budget, counter?.price].filter(Boolean) as DealMoney[];
  if (moneyIn.some((money) => money.currency !== service.currency)) {
    return handOver('unanswerable', 'currency_mismatch');
  }
  // Maya answers a request (nothing sent yet) or the buyer's newest counter, nothing else.
  if (input.history.length > 0 && !counter) return handOver('unanswerable', 'out_of_turn');

  const when = counter?.when ?? input.request.when;
  if (daysOf(when).some((day) => input.blockedDates.includes(day))) {
    return handOver('blocked_date', 'blocked_date');
  }
  const now = Date.parse(input.now);
  const validUntil = Math.min(now + policy.offerValidDays * DAY_MS, Date.parse(when.from) - 1);
  if (!(validUntil > now)) return handOver('unanswerable', 'dates_passed');

  const budget = input.request.budget;
  if (offers.length === 0 && budget) {
    // Whether to negotiate at all; never how far to concede.
    if (budget.amount * 100 < service.floor * policy.farBelowFloorPercent) {
      return handOver('budget_far_below_floor', 'budget_far_below_floor');
    }
  }

  if (counter && counter.price.amount >= service.floor) {
    return {
      act: { act: 'accept', price: counter.price, serviceId: service.id, when },
      explanation: { rule: 'accept_counter_at_or_above_floor', inputs },
    };
  }
  const round = counters.length;
  if (round > counterLimit) return handOver('counter_limit', 'counter_limit_reached');

  const minimum = Math.max(
    service.floor + service.keepBack,
    earlier === null ? 0 : Math.min(earlier, service.listPrice),
  );
  inputs.minimum = minimum;
  const curve = curvePrice(service.listPrice, minimum, round, counterLimit, policy.curveExponent);
  const amount = Math.max(minimum, Math.min(curve, inputs.lowestOffer ?? curve));
  const final = round >= counterLimit;
  return {
    act: {
      act: final ? 'final_offer' : 'offer',
      price: { amount, currency: service.currency },
      serviceId: service.id,
      when,
      validUntil: new Date(validUntil).toISOString(),
    },
    explanation: {
      rule: final ? 'final_offer' : round === 0 ? 'open_at_list' : 'concede_on_curve',
      inputs,
    },
  };
}

/**
 * The curve's price at a round: list − (list − minimum) × (round / limit)^exponent, rounded up to
 * a whole minor unit, in exact integers.
 */
export function curvePrice(
  listPrice: number,
  minimum: number,
  round: number,
  limit: number,
  exponent: number,
): number {
  if (limit <= 0 || round <= 0) return listPrice;
  const gap = Math.max(0, listPrice - minimum);
  const step = Math.min(round, limit);
  const power = Math.max(1, Math.floor(exponent));
  const conceded = (BigInt(gap) * BigInt(step) ** BigInt(power)) / BigInt(limit) ** BigInt(power);
  return listPrice - Number(conceded);
}

function validSettings(service: MayaService): boolean {
  return (
    [service.listPrice, service.floor, service.keepBack].every(Number.isSafeInteger) &&
    service.floor >= 1 &&
    service.keepBack >= 0 &&
    service.floor + service.keepBack <= service.listPrice
  );
}

/** Every day of a window, `YYYY-MM-DD`, at most a year of them. */
export function daysOf({ from, to }: DateWindow): string[] {
  const days: string[] = [];
  const end = Date.parse(to);
  for (let day = Date.parse(from); day <= end && days.length <= 366; day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}
