// Builders for the machine's tests: a request, terms and a reason that the schemas accept, and a
// run of moves from the start that must all be taken. Not exported from the package.
import { applyDealAction, initialDealState } from './deal-machine.js';
import {
  offerTermsBodySchema,
  quoteRequestSchema,
  type DealAction,
  type DealActor,
  type DealState,
  type OfferTermsBody,
  type QuoteRequest,
} from './deals.js';

export function buildRequest(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return quoteRequestSchema.parse({
    serviceId: null,
    need: 'Photos of a wedding, about 80 guests.',
    when: { from: '2030-06-01', to: '2030-06-01' },
    where: 'Quinta da Regaleira, Sintra',
    budget: { amount: 90_000, currency: 'EUR' },
    ...overrides,
  });
}

export function buildTerms(overrides: Partial<OfferTermsBody> = {}): OfferTermsBody {
  return offerTermsBodySchema.parse({
    title: 'Wedding photography, 6 hours',
    price: { amount: 85_000, currency: 'EUR' },
    included: 'Ceremony and party, 300 edited photos within two weeks.',
    when: { from: '2030-06-01', to: '2030-06-01' },
    ...overrides,
  });
}

export const REASON = 'The date no longer works for us.';

export type Move = readonly [DealActor, DealAction];

/** The state after `moves` from the start, one minute apart from `start`; each must be taken. */
export function runMoves(moves: readonly Move[], start: Date): { state: DealState; at: Date } {
  let state = initialDealState;
  let at = start;
  for (const [actor, action] of moves) {
    const result = applyDealAction(state, actor, action, at);
    if (!result.ok) {
      throw new Error(`${actor} ${action.type} in ${state.status} was refused: ${result.problem}`);
    }
    state = result.next;
    at = new Date(at.getTime() + 60_000);
  }
  return { state, at };
}
