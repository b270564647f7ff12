import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  chatResponseSchema,
  dealMoveResponseSchema,
  dealResponseSchema,
  type DealMoveResponse,
  type NegotiationSettingsBody,
  type OfferTermsBody,
  type PartyDealAction,
  type QuoteRequest,
} from '@maya/contracts';
import { eq } from 'drizzle-orm';
import { deals, users } from '../src/db/schema/index.js';
import { uuidv7 } from '../src/lib/uuid.js';
import { openChat } from './chats.js';
import { addService } from './services.js';
import { signUp, type SignedUp } from './sessions.js';

/** The requests of a deal's moves that tests share: a request, terms, a first move and a move. */

export function quoteRequest(fields: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    serviceId: null,
    need: 'Photos of our wedding, about 80 guests.',
    when: { from: '2030-06-01', to: '2030-06-01' },
    where: 'Sintra',
    budget: { amount: 90_000, currency: 'EUR' },
    ...fields,
  };
}

export function offerTerms(fields: Partial<OfferTermsBody> = {}): OfferTermsBody {
  return {
    title: 'Wedding photography, 6 hours',
    price: { amount: 85_000, currency: 'EUR' },
    included: 'Ceremony and party, 300 edited photos.',
    when: { from: '2030-06-01', to: '2030-06-01' },
    validDays: 7,
    ...fields,
  };
}

export const dealClientId = () => `deal-${randomUUID()}`;

/** A buyer, Bea Lopes, and a business, Sol Studio: the two sides of a deal, as its words name them. */
export async function dealParties(app: FastifyInstance) {
  const buyer = await signUp(app, {
    role: 'buyer',
    category: null,
    firstName: 'Bea',
    lastName: 'Lopes',
  });
  const business = await signUp(app, { role: 'seller', businessName: 'Sol Studio' });
  return { buyer, business };
}

/** `POST /deals`: a buyer's request, or a business's offer nobody asked for. */
export function startDeal(
  app: FastifyInstance,
  user: SignedUp,
  partnerId: string,
  action: { type: 'request'; request: QuoteRequest } | { type: 'offer'; terms: OfferTermsBody },
  clientId = dealClientId(),
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/deals',
    headers: { ...user.headers, ...headers },
    payload: { partnerId, clientId, action },
  });
}

/** `POST /deals/{id}/actions`. */
export function dealMove(
  app: FastifyInstance,
  user: SignedUp,
  dealId: string,
  action: PartyDealAction,
  clientId = dealClientId(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/deals/${dealId}/actions`,
    headers: user.headers,
    payload: { clientId, action },
  });
}

/** A move that must be taken (201): its answer, read through the contract. */
export async function taken(
  move: Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<DealMoveResponse> {
  const response = await move;
  expect(response.statusCode, response.body).toBe(201);
  return dealMoveResponseSchema.parse(response.json());
}

/** `GET /deals/{id}` as `user`, read through the contract. */
export async function dealAsSeenBy(app: FastifyInstance, user: SignedUp, dealId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/deals/${dealId}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return dealResponseSchema.parse(response.json()).deal;
}

/** A request, the business's offer and the buyer's accept: an upcoming deal. */
export async function agreedDeal(app: FastifyInstance, buyer: SignedUp, business: SignedUp) {
  const requested = await taken(
    startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }),
  );
  const dealId = requested.deal.id;
  await taken(dealMove(app, business, dealId, { type: 'offer', terms: offerTerms() }));
  const accepted = await taken(dealMove(app, buyer, dealId, { type: 'accept', version: 1 }));
  return { dealId, chatId: requested.message.chatId, accepted };
}

const DAY_MS = 86_400_000;

/**
 * A deal between the two that the buyer confirmed `daysAgo` days ago, written as the deals module
 * writes one (in the pair's chat, opened or found): what a review needs, without its moves.
 */
export async function completedDeal(
  app: FastifyInstance,
  buyer: SignedUp,
  business: SignedUp,
  daysAgo = 1,
): Promise<string> {
  const chatId = chatResponseSchema.parse((await openChat(app, buyer, business.id)).json()).chat.id;
  const confirmed = new Date(Date.now() - daysAgo * DAY_MS);
  const id = uuidv7();
  await app.db.insert(deals).values({
    id,
    chatId,
    buyerId: buyer.id,
    sellerId: business.id,
    status: 'completed',
    acceptedVersion: 1,
    acceptedAt: new Date(confirmed.getTime() - 3 * DAY_MS),
    deliveredAt: new Date(confirmed.getTime() - DAY_MS),
    problemWindowEndsAt: new Date(confirmed.getTime() + 6 * DAY_MS),
    createdAt: new Date(confirmed.getTime() - 5 * DAY_MS),
    updatedAt: confirmed,
  });
  return id;
}

/** The house move a business Maya answers for lists: its listed price, her floor, her keep-back. */
export const HOUSE_MOVE = { list: 50_000, floor: 40_000, keepBack: 5_000 } as const;

/**
 * A Pro business, Cais Removals, with one service, a house move, that Maya may offer: at once
 * unless `fields` say otherwise (its answer time, counters, services…).
 */
export async function mayaBusiness(
  app: FastifyInstance,
  fields: Partial<NegotiationSettingsBody> = {},
) {
  const business = await signUp(app, { role: 'seller', businessName: 'Cais Removals' });
  await app.db.update(users).set({ plan: 'pro' }).where(eq(users.id, business.id));
  const move = await addService(app, business, {
    name: 'House move',
    description: 'A van, two movers, up to 6 hours.',
    priceFrom: HOUSE_MOVE.list,
    unit: 'event',
  });
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/v1/me/negotiation',
    headers: business.headers,
    payload: {
      enabled: true,
      answerAfterMinutes: 0,
      atOnceWhenOffline: true,
      counterLimit: 3,
      blockedDates: [],
      services: [{ serviceId: move.id, floor: HOUSE_MOVE.floor, keepBack: HOUSE_MOVE.keepBack }],
      ...fields,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { business, move };
}

/** A buyer's request to a business Maya answers for, for its house move, with a budget. */
export function houseMoveRequest(
  app: FastifyInstance,
  buyer: SignedUp,
  { business, move }: Awaited<ReturnType<typeof mayaBusiness>>,
  fields: Partial<QuoteRequest> = {},
) {
  return taken(
    startDeal(app, buyer, business.id, {
      type: 'request',
      request: quoteRequest({
        serviceId: move.id,
        need: 'Moving a two-bedroom flat.',
        when: { from: '2031-03-10', to: '2031-03-10' },
        where: 'Lisboa',
        budget: { amount: 45_000, currency: 'EUR' },
        ...fields,
      }),
    }),
  );
}
