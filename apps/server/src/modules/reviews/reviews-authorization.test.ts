import { expect } from 'vitest';
import { uuidv7 } from '../../lib/uuid.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { completedDeal } from '../../../test/deals.js';
import { insertOperator } from '../../../test/moderation.js';
import {
  block,
  describePartyMatrix,
  operationsOf,
  type PartyMatrix,
} from '../../../test/party-matrix.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';

/**
 * The authorization matrix of reviews: every route of the reviews module (read from the OpenAPI
 * document, so a new route is in it at once) against each actor: the buyer and the business of
 * a completed deal, another member, a buyer whose deal is across a block, an operator, a visitor.
 */
const { app } = await buildTestApp();

const operations = operationsOf(
  app,
  (path) =>
    path.startsWith('/api/v1/deal-reviews') ||
    path === '/api/v1/users/{id}/reviews' ||
    path.startsWith('/api/v1/admin/review-holds'),
);

const unique = () => uuidv7().slice(-8);
const buyer = await signUp(app, {
  role: 'buyer',
  category: null,
  email: `b-${unique()}@gmail.com`,
});
const business = await signUp(app, { role: 'seller', email: `s-${unique()}@sapo.pt` });
const other = await signUp(app, { role: 'buyer', category: null });
const blocked = await signUp(app, {
  role: 'buyer',
  category: null,
  email: `k-${unique()}@gmail.com`,
});
// Two accounts at one private domain: their deal's reviews wait for an operator.
const twin = await signUp(app, { role: 'buyer', category: null, email: `t-${unique()}@twin.pt` });
const twinBusiness = await signUp(app, { role: 'seller', email: `u-${unique()}@twin.pt` });
const operator = await insertOperator(app.db, { role: 'admin' });

async function review(user: SignedUp, dealId: string) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/v1/deal-reviews/${dealId}/mine`,
    headers: user.headers,
    payload: { rating: 5, text: 'Very good.' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const dealId = await completedDeal(app, buyer, business);
const blockedDealId = await completedDeal(app, blocked, business);
// Both wrote: published, so the business may reply.
const publishedId = await completedDeal(app, buyer, business);
await review(buyer, publishedId);
await review(business, publishedId);
const heldId = await completedDeal(app, twin, twinBusiness);
await review(twin, heldId);
await block(app, blocked, business);

const members = { buyer: 401, business: 401, other: 401, blocked: 401 } as const;

const matrix: PartyMatrix = {
  'GET /api/v1/deal-reviews/{id}': {
    call: (actor) => ({
      method: 'GET',
      url: `/api/v1/deal-reviews/${actor === 'blocked' ? blockedDealId : dealId}`,
    }),
    expect: { buyer: 200, business: 200, other: 404, blocked: 200, operator: 401, visitor: 401 },
  },
  'PUT /api/v1/deal-reviews/{id}/mine': {
    call: (actor) => ({
      method: 'PUT',
      url: `/api/v1/deal-reviews/${actor === 'blocked' ? blockedDealId : dealId}/mine`,
      payload: { rating: 4, text: 'Good.' },
    }),
    expect: { buyer: 200, business: 200, other: 404, blocked: 403, operator: 401, visitor: 401 },
  },
  'POST /api/v1/deal-reviews/{id}/reply': {
    // Only the business replies; the second reply of a business is refused as a repeat.
    call: (actor) => ({
      method: 'POST',
      url: `/api/v1/deal-reviews/${actor === 'blocked' ? blockedDealId : publishedId}/reply`,
      payload: { text: 'Thank you.' },
    }),
    expect: { buyer: 403, business: 200, other: 404, blocked: 403, operator: 401, visitor: 401 },
  },
  'GET /api/v1/users/{id}/reviews': {
    // Whoever may see the business's profile; a block hides it, as the profile.
    call: () => ({ method: 'GET', url: `/api/v1/users/${business.id}/reviews` }),
    expect: { buyer: 200, business: 200, other: 200, blocked: 404, operator: 200, visitor: 200 },
  },
  'GET /api/v1/admin/review-holds': {
    call: () => ({ method: 'GET', url: '/api/v1/admin/review-holds' }),
    expect: { ...members, operator: 200, visitor: 401 },
  },
  'POST /api/v1/admin/review-holds/{id}': {
    call: () => ({
      method: 'POST',
      url: `/api/v1/admin/review-holds/${heldId}`,
      payload: { decision: 'released' },
    }),
    // A member's session on a console write is refused as a cross-site one, before the body.
    expect: { buyer: 403, business: 403, other: 403, blocked: 403, operator: 204, visitor: 401 },
  },
};

describePartyMatrix('the reviews API, for every actor', {
  app,
  operations,
  actors: { buyer, business, other, blocked },
  operator,
  matrix,
});
