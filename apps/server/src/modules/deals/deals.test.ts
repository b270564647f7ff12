import { describe, expect, it, vi } from 'vitest';
import { dealMoveResponseSchema, dealsPageSchema, type PartyDealAction } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { readMessages, send } from '../../../test/chats.js';
import {
  dealAsSeenBy,
  dealClientId,
  dealMove,
  offerTerms,
  quoteRequest,
  startDeal,
  taken,
} from '../../../test/deals.js';
import { addService } from '../../../test/services.js';
import { signUp } from '../../../test/sessions.js';

const { app, database } = await buildTestApp();

const DAY_MS = 86_400_000;

/** A buyer and a business, and the business's offer answering the buyer's request. */
async function offered() {
  const buyer = await signUp(app, { role: 'buyer', category: null, firstName: 'Bea' });
  const business = await signUp(app, { role: 'seller', firstName: 'Sol' });
  const requested = await taken(
    startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }),
  );
  const offer = await taken(
    dealMove(app, business, requested.deal.id, { type: 'offer', terms: offerTerms() }),
  );
  return { buyer, business, dealId: requested.deal.id, offer };
}

function problem(code: string, status: number, title: string) {
  return {
    type: `/api/errors#${code.toLowerCase().replaceAll('_', '-')}`,
    title,
    status,
    code,
  };
}

describe('a negotiation', () => {
  it('goes from a request to an offer, a counter and the business’s accept, each a message of the chat', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });

    const requested = await taken(
      startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }),
    );
    expect(requested.deal).toMatchObject({
      status: 'requested',
      buyerId: buyer.id,
      businessId: business.id,
      versions: [],
      actions: [{ type: 'decline' }],
    });
    expect(requested.message).toMatchObject({
      senderId: buyer.id,
      body: '',
      deal: {
        dealId: requested.deal.id,
        event: { kind: 'quote_requested', actor: 'buyer', from: 'start', to: 'requested' },
      },
    });
    const dealId = requested.deal.id;
    const seen = await dealAsSeenBy(app, business, dealId);
    expect(seen.actions).toEqual([{ type: 'offer' }, { type: 'withdraw' }]);

    const offer = await taken(
      dealMove(app, business, dealId, { type: 'offer', terms: offerTerms() }),
    );
    expect(offer.deal.status).toBe('offered');
    expect(offer.deal.versions).toMatchObject([{ number: 1, by: 'business' }]);
    expect(offer.deal.actions).toEqual([{ type: 'update', version: 1 }, { type: 'withdraw' }]);

    const countered = await taken(
      dealMove(app, buyer, dealId, {
        type: 'counter',
        version: 1,
        terms: offerTerms({ price: { amount: 70_000, currency: 'EUR' } }),
      }),
    );
    expect(countered.deal.status).toBe('countered');
    expect(countered.deal.actions).toEqual([{ type: 'decline' }]);

    const accepted = await taken(dealMove(app, business, dealId, { type: 'accept', version: 2 }));
    expect(accepted.deal).toMatchObject({
      status: 'upcoming',
      accepted: { version: 2 },
      actions: [{ type: 'deliver' }, { type: 'cancel' }],
    });
    expect(accepted.deal.versions[1]!.terms.price).toEqual({ amount: 70_000, currency: 'EUR' });

    // The four moves are the chat's four messages, in order.
    const page = await readMessages(app, buyer, requested.message.chatId);
    const ids = page.items.map((message) => message.id);
    expect(ids).toEqual(
      [requested, offer, countered, accepted].map((move) => move.message.id).reverse(),
    );

    const buyersDeals = dealsPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/deals', headers: buyer.headers })).json(),
    );
    expect(buyersDeals.items.map((deal) => [deal.id, deal.status, deal.actions])).toEqual([
      [dealId, 'upcoming', [{ type: 'cancel' }]],
    ]);
  });

  it('starts from a business’s offer nobody asked for, which the buyer accepts', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });
    const offer = await taken(
      startDeal(app, business, buyer.id, { type: 'offer', terms: offerTerms() }),
    );
    expect(offer.deal).toMatchObject({ status: 'offered', request: null });
    const accepted = await taken(
      dealMove(app, buyer, offer.deal.id, { type: 'accept', version: 1 }),
    );
    expect(accepted.deal.status).toBe('upcoming');
  });

  it('takes a move sent again with the same client id once, and answers the retry with it', async () => {
    const { buyer, dealId } = await offered();
    const id = dealClientId();
    const first = await taken(dealMove(app, buyer, dealId, { type: 'accept', version: 1 }, id));
    const again = await dealMove(app, buyer, dealId, { type: 'accept', version: 1 }, id);
    expect(again.statusCode).toBe(200);
    const replayed = dealMoveResponseSchema.parse(again.json());
    expect(replayed.message).toEqual(first.message);
    expect(replayed.deal.status).toBe('upcoming');

    expect((await readMessages(app, buyer, first.message.chatId)).items).toHaveLength(3);
  });

  it('replays a first move sent again, and refuses a client id used for another message', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });
    const id = dealClientId();
    const request = { type: 'request', request: quoteRequest() } as const;
    const first = await taken(startDeal(app, buyer, business.id, request, id));
    const again = await startDeal(app, buyer, business.id, request, id);
    expect(again.statusCode).toBe(200);
    expect(dealMoveResponseSchema.parse(again.json()).deal.id).toBe(first.deal.id);

    const typed = await send(app, buyer, first.message.chatId, 'Hello', 'typed-message-1');
    expect(typed.statusCode).toBe(201);
    const reused = await dealMove(
      app,
      buyer,
      first.deal.id,
      { type: 'decline' },
      'typed-message-1',
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'CONFLICT', errors: { clientId: 'Already used' } });
  });
});

describe('a refused move', () => {
  it('answers an accept of a superseded version with 409 OFFER_SUPERSEDED and changes nothing', async () => {
    const { buyer, business, dealId } = await offered();
    await taken(
      dealMove(app, business, dealId, { type: 'update', version: 1, terms: offerTerms() }),
    );
    const stale = await dealMove(app, buyer, dealId, { type: 'accept', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      ...problem('OFFER_SUPERSEDED', 409, 'Offer superseded'),
      detail: 'A newer version of this offer was sent: read it and answer that one.',
    });
    const deal = await dealAsSeenBy(app, buyer, dealId);
    expect(deal.status).toBe('offered');
    expect(deal.actions).toContainEqual({ type: 'accept', version: 2 });
  });

  it('answers an accept one second past the valid-until with 409 OFFER_EXPIRED, with no job run', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });
    const offer = await taken(
      startDeal(app, business, buyer.id, { type: 'offer', terms: offerTerms({ validDays: 1 }) }),
    );
    const validUntil = Date.parse(offer.deal.versions[0]!.validUntil);
    expect(validUntil).toBe(Date.parse(offer.deal.versions[0]!.sentAt) + DAY_MS);

    vi.useFakeTimers({ toFake: ['Date'], now: validUntil + 1000 });
    try {
      const late = await dealMove(app, buyer, offer.deal.id, { type: 'accept', version: 1 });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject(problem('OFFER_EXPIRED', 409, 'Offer expired'));
      const deal = await dealAsSeenBy(app, buyer, offer.deal.id);
      expect(deal).toMatchObject({ status: 'expired', actions: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a move the state does not take from the caller with 409 INVALID_TRANSITION', async () => {
    const { buyer, business, dealId } = await offered();
    const ownOffer = await dealMove(app, business, dealId, { type: 'accept', version: 1 });
    expect(ownOffer.statusCode).toBe(409);
    expect(ownOffer.json()).toMatchObject(problem('INVALID_TRANSITION', 409, 'Not possible now'));

    const buyerOffers = await startDeal(app, buyer, business.id, {
      type: 'offer',
      terms: offerTerms(),
    });
    expect(buyerOffers.statusCode).toBe(409);
    expect(buyerOffers.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
  });

  it('refuses a fourth counter from the same side with 409 COUNTER_LIMIT', async () => {
    const { buyer, business, dealId } = await offered();
    let version = 1;
    for (let round = 0; round < 3; round += 1) {
      await taken(dealMove(app, buyer, dealId, { type: 'counter', version, terms: offerTerms() }));
      await taken(
        dealMove(app, business, dealId, {
          type: 'counter',
          version: version + 1,
          terms: offerTerms(),
        }),
      );
      version += 2;
    }
    const fourth = await dealMove(app, buyer, dealId, {
      type: 'counter',
      version,
      terms: offerTerms(),
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject(problem('COUNTER_LIMIT', 409, 'No counters left'));
  });

  it('refuses a request naming a service of another business', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });
    const other = await signUp(app, { role: 'seller' });
    const service = await addService(app, other, {
      name: 'Portraits',
      priceFrom: 5000,
      unit: 'session',
    });
    const response = await startDeal(app, buyer, business.id, {
      type: 'request',
      request: quoteRequest({ serviceId: service.id }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { 'action.request.serviceId': 'Not one of this business’s services' },
    });
  });
});

describe('two moves on one version at once', () => {
  it('takes exactly one of an accept and a withdraw or an update, and refuses the other with 409', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });
    for (const rival of ['withdraw', 'update'] as const) {
      for (let trial = 0; trial < 10; trial += 1) {
        const dealId = (
          await taken(startDeal(app, business, buyer.id, { type: 'offer', terms: offerTerms() }))
        ).deal.id;
        const businessMove: PartyDealAction =
          rival === 'withdraw'
            ? { type: 'withdraw' }
            : { type: 'update', version: 1, terms: offerTerms() };
        const answers = await Promise.all([
          dealMove(app, buyer, dealId, { type: 'accept', version: 1 }),
          dealMove(app, business, dealId, businessMove),
        ]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses, `${rival} #${trial}`).toEqual([201, 409]);
        const deal = await dealAsSeenBy(app, buyer, dealId);
        const acceptWon = answers[0].statusCode === 201;
        expect(deal.status).toBe(
          acceptWon ? 'upcoming' : rival === 'withdraw' ? 'withdrawn' : 'offered',
        );
        expect(answers[acceptWon ? 1 : 0].json().code).toBe(
          acceptWon || rival === 'withdraw' ? 'INVALID_TRANSITION' : 'OFFER_SUPERSEDED',
        );
      }
    }
  });
});

describe('who may move a deal', () => {
  it('shows a deal only to its two people: another member meets a 404, a visitor a 401', async () => {
    const { dealId } = await offered();
    const stranger = await signUp(app, { role: 'buyer', category: null });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/deals/${dealId}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    const move = await dealMove(app, stranger, dealId, { type: 'accept', version: 1 });
    expect(move.statusCode).toBe(404);
    expect(move.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'This deal does not exist.' });
    const visitor = await app.inject({ method: 'GET', url: `/api/v1/deals/${dealId}` });
    expect(visitor.statusCode).toBe(401);
  });

  it('lets nothing cross a block, either way: no move and no new request', async () => {
    const { buyer, business, dealId } = await offered();
    const blocked = await app.inject({
      method: 'PUT',
      url: `/api/v1/me/blocks/${buyer.id}`,
      headers: business.headers,
    });
    expect(blocked.statusCode).toBe(200);

    const accept = await dealMove(app, buyer, dealId, { type: 'accept', version: 1 });
    expect(accept.statusCode).toBe(403);
    expect(accept.json()).toMatchObject({
      code: 'CONVERSATION_CLOSED',
      detail: 'This conversation is closed: nothing was sent.',
    });
    const again = await startDeal(app, buyer, business.id, {
      type: 'request',
      request: quoteRequest(),
    });
    expect(again.statusCode).toBe(403);
    const deal = await dealAsSeenBy(app, buyer, dealId);
    expect(deal.status).toBe('offered');
  });
});

describe('a sent version', () => {
  it('cannot be changed in the database', async () => {
    const { dealId } = await offered();
    await expect(
      database.sql.executeSql(`update deal_versions set price_amount = 1 where deal_id = $1`, [
        dealId,
      ]),
    ).rejects.toThrow(/never change/);
  });
});
