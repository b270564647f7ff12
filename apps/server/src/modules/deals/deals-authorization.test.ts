import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { dealMoveResponseSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertOperator } from '../../../test/moderation.js';
import {
  block,
  describePartyMatrix,
  operationsOf,
  type PartyMatrix,
} from '../../../test/party-matrix.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';

/**
 * The authorization matrix of deals: every route under /api/v1/deals (read from the OpenAPI
 * document, so a new route is in it at once) against each actor: the buyer and the business of
 * a deal, another member, the buyer of a deal across a block, an operator, a visitor.
 */
const { app } = await buildTestApp();

const operations = operationsOf(app, (path) => path.startsWith('/api/v1/deals'));

const buyer = await signUp(app, { role: 'buyer', category: null });
const business = await signUp(app, { role: 'seller' });
const other = await signUp(app, { role: 'buyer', category: null });
// A buyer with a deal of their own with the business, who then blocked the business.
const blocked = await signUp(app, { role: 'buyer', category: null });
const operator = await insertOperator(app.db, { role: 'admin' });

const terms = {
  title: 'Catering for 40',
  price: { amount: 120_000, currency: 'EUR' },
  included: 'Dinner and drinks.',
  when: { from: '2030-09-12', to: '2030-09-12' },
};

async function offerTo(client: SignedUp): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/deals',
    headers: business.headers,
    payload: {
      partnerId: client.id,
      clientId: `deal-${randomUUID()}`,
      action: { type: 'offer', terms },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return dealMoveResponseSchema.parse(response.json()).deal.id;
}

async function accept(client: SignedUp, id: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/deals/${id}/actions`,
    headers: client.headers,
    payload: { clientId: `deal-${randomUUID()}`, action: { type: 'accept', version: 1 } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return id;
}

const dealId = await offerTo(buyer);
const blockedDealId = await offerTo(blocked);
// Deals (an offer accepted), whose summaries exist: the blocked buyer's was made before the block.
const agreedId = await accept(buyer, await offerTo(buyer));
const blockedAgreedId = await accept(blocked, await offerTo(blocked));
await block(app, blocked, business);

const matrix: PartyMatrix = {
  'GET /api/v1/deals': {
    call: () => ({ method: 'GET', url: '/api/v1/deals' }),
    expect: { buyer: 200, business: 200, other: 200, blocked: 200, operator: 401, visitor: 401 },
  },
  'POST /api/v1/deals': {
    // Each asks the business for a quote; the business offers to the buyer.
    call: (actor) => ({
      method: 'POST',
      url: '/api/v1/deals',
      payload: {
        partnerId: actor === 'business' ? buyer.id : business.id,
        clientId: `deal-${randomUUID()}`,
        action:
          actor === 'business'
            ? { type: 'offer', terms }
            : {
                type: 'request',
                request: {
                  serviceId: null,
                  need: 'Dinner for 40.',
                  when: { from: '2030-09-12', to: '2030-09-12' },
                  where: 'Porto',
                },
              },
      },
    }),
    expect: { buyer: 201, business: 201, other: 201, blocked: 403, operator: 401, visitor: 401 },
  },
  'GET /api/v1/deals/{id}': {
    // The blocked buyer reads their own deal's history; nobody else sees another's deal.
    call: (actor) => ({
      method: 'GET',
      url: `/api/v1/deals/${actor === 'blocked' ? blockedDealId : dealId}`,
    }),
    expect: { buyer: 200, business: 200, other: 404, blocked: 200, operator: 401, visitor: 401 },
  },
  'GET /api/v1/deals/{id}/summary': {
    // The two people's record, across a block too; nobody else's.
    call: (actor) => ({
      method: 'GET',
      url: `/api/v1/deals/${actor === 'blocked' ? blockedAgreedId : agreedId}/summary`,
    }),
    expect: { buyer: 200, business: 200, other: 404, blocked: 200, operator: 401, visitor: 401 },
  },
  'GET /api/v1/deals/{id}/summary.pdf': {
    // The same record as a PDF, for the same people.
    call: (actor) => ({
      method: 'GET',
      url: `/api/v1/deals/${actor === 'blocked' ? blockedAgreedId : agreedId}/summary.pdf`,
    }),
    expect: { buyer: 200, business: 200, other: 404, blocked: 200, operator: 401, visitor: 401 },
  },
  'GET /api/v1/deals/{id}/maya-log': {
    // Maya's log is the business's alone (its floors); a buyer is told no such thing exists.
    call: (actor) => ({
      method: 'GET',
      url: `/api/v1/deals/${actor === 'blocked' ? blockedDealId : dealId}/maya-log`,
    }),
    expect: { buyer: 404, business: 200, other: 404, blocked: 404, operator: 401, visitor: 401 },
  },
  'POST /api/v1/deals/{id}/actions': {
    // The buyers decline, the business withdraws: each their own move, each answered as listed.
    call: (actor) => ({
      method: 'POST',
      url: `/api/v1/deals/${actor === 'blocked' ? blockedDealId : dealId}/actions`,
      payload: {
        clientId: `deal-${randomUUID()}`,
        action: { type: actor === 'business' ? 'withdraw' : 'decline' },
      },
    }),
    // The business's withdraw comes after the buyer's decline: the deal is final by then.
    expect: { buyer: 201, business: 409, other: 404, blocked: 403, operator: 401, visitor: 401 },
  },
};

describePartyMatrix('the deals API, for every actor', {
  app,
  operations,
  actors: { buyer, business, other, blocked },
  operator,
  matrix,
});
