import { describe, expect, it } from 'vitest';
import { legacyChatAnswerSchema, messageNewEventSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { chatsOf, readMessages, send } from '../../../test/chats.js';
import {
  dealClientId,
  dealMove,
  dealParties,
  offerTerms,
  quoteRequest,
  startDeal,
  taken,
} from '../../../test/deals.js';
import { addService } from '../../../test/services.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';
import { connectSocket, settle } from '../../../test/sockets.js';

const { app, url } = await buildTestApp({}, { listen: true });

describe('a deal’s move in the chats API', () => {
  it('is a message with an empty body that carries the deal, the event and the terms it names', async () => {
    const { buyer, business } = await dealParties(app);
    const service = await addService(app, business, {
      name: 'Wedding photography',
      priceFrom: 80_000,
      unit: 'event',
    });
    const requested = await taken(
      startDeal(app, buyer, business.id, {
        type: 'request',
        request: quoteRequest({ serviceId: service.id }),
      }),
    );
    const dealId = requested.deal.id;
    const offered = await taken(
      dealMove(app, business, dealId, { type: 'offer', terms: offerTerms() }),
    );
    const accepted = await taken(dealMove(app, buyer, dealId, { type: 'accept', version: 1 }));
    const typed = await send(
      app,
      buyer,
      requested.message.chatId,
      'See you there!',
      'typed-after-deal',
    );
    expect(typed.statusCode).toBe(201);

    const [words, accept, offer, request] = (
      await readMessages(app, business, requested.message.chatId)
    ).items;
    expect(words).toMatchObject({ body: 'See you there!' });
    expect(words).not.toHaveProperty('deal');
    expect(request).toEqual(requested.message);
    expect(request).toMatchObject({
      body: '',
      deal: {
        dealId,
        event: { kind: 'quote_requested', actor: 'buyer', request: { need: quoteRequest().need } },
        terms: null,
        serviceName: 'Wedding photography',
      },
    });
    expect(offer).toEqual(offered.message);
    expect(offer!.deal).toMatchObject({
      event: { kind: 'offer_made', actor: 'business', version: { number: 1 } },
      terms: {
        title: offerTerms().title,
        price: { amount: 85_000, currency: 'EUR' },
        included: offerTerms().included,
        when: offerTerms().when,
      },
    });
    // The accept names its version by number; the message carries that version's terms.
    expect(accept).toEqual(accepted.message);
    expect(accept!.deal).toMatchObject({
      event: { kind: 'offer_accepted', version: 1 },
      terms: { title: offerTerms().title, price: { amount: 85_000, currency: 'EUR' } },
    });

    // The chat list's last message is a move as well when a move came last.
    await taken(dealMove(app, business, dealId, { type: 'deliver' }));
    const [latest] = await chatsOf(app, buyer);
    expect(latest!.lastMessage).toMatchObject({
      body: '',
      deal: { dealId, event: { kind: 'deal_delivered' }, terms: { title: offerTerms().title } },
    });
  });

  it('reaches both people’s sockets once, as sent; a retry with its client id is stored once and sent nowhere', async () => {
    const { buyer, business } = await dealParties(app);
    const stranger = await signUp(app, { role: 'buyer', category: null });
    const [buyerSocket, businessSocket, strangerSocket] = await Promise.all([
      connectSocket(url, buyer.token),
      connectSocket(url, business.token),
      connectSocket(url, stranger.token),
    ]);
    const clientId = dealClientId();
    const arriving = buyerSocket.next('message:new');
    const echo = businessSocket.next('message:new');
    const offer = { type: 'offer', terms: offerTerms() } as const;
    const first = await taken(startDeal(app, business, buyer.id, offer, clientId));
    const [toBuyer, toBusiness] = await Promise.all([arriving, echo]);
    for (const event of [toBuyer, toBusiness]) {
      expect(messageNewEventSchema.parse(event)).toEqual({
        chatId: first.message.chatId,
        message: first.message,
      });
    }
    expect(toBuyer.message.deal).toMatchObject({
      dealId: first.deal.id,
      event: { kind: 'offer_made' },
      terms: { title: offerTerms().title },
      serviceName: null,
    });

    const again = await startDeal(app, business, buyer.id, offer, clientId);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toEqual(first.message);
    // A move on the deal sent twice: the second answers the first and emits nothing.
    const counterId = dealClientId();
    const counter = {
      type: 'counter',
      version: 1,
      terms: offerTerms({ title: 'Shorter' }),
    } as const;
    await taken(dealMove(app, buyer, first.deal.id, counter, counterId));
    const replay = await dealMove(app, buyer, first.deal.id, counter, counterId);
    expect(replay.statusCode).toBe(200);
    await settle(300);

    const moves = (events: { event: string; payload: unknown }[]) =>
      events
        .filter((item) => item.event === 'message:new')
        .map((item) => messageNewEventSchema.parse(item.payload).message.clientId);
    expect(moves(buyerSocket.events)).toEqual([clientId, counterId]);
    expect(moves(businessSocket.events)).toEqual([clientId, counterId]);
    expect(strangerSocket.events).toEqual([]);
    const stored = (await readMessages(app, buyer, first.message.chatId)).items;
    expect(stored.map((message) => message.clientId)).toEqual([counterId, clientId]);
  });
});

describe('a deal’s move in the original client’s chat load', () => {
  async function load(user: SignedUp, chatId: string, language: string) {
    const response = await app.inject({
      method: 'PUT',
      url: `/chats/${chatId}`,
      headers: { ...user.headers, 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return legacyChatAnswerSchema.parse(response.json()).data.chat;
  }

  it('is one line of text in the reader’s language, which a save sending it back leaves alone', async () => {
    const { buyer, business } = await dealParties(app);
    const requested = await taken(
      startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }),
    );
    const chatId = requested.message.chatId;
    await taken(
      dealMove(app, business, requested.deal.id, {
        type: 'offer',
        terms: offerTerms({ price: { amount: 120_000, currency: 'EUR' } }),
      }),
    );

    const english = await load(business, chatId, 'en');
    expect(english.map((message) => [message.content, message.isUser])).toEqual([
      [
        'Bea Lopes asked for a quote: Photos of our wedding, about 80 guests. · 1 Jun 2030 · Sintra · budget €900.00',
        true,
      ],
      [
        expect.stringMatching(
          /^Sol Studio made an offer: Wedding photography, 6 hours, €1,200\.00, 1 Jun 2030 \(valid until \d{1,2} \w{3} \d{4}\)$/,
        ),
        false,
      ],
    ]);
    const portuguese = await load(buyer, chatId, 'pt-PT,pt;q=0.9');
    expect(portuguese[0]!.content).toBe(
      'Bea Lopes pediu um orçamento: Photos of our wedding, about 80 guests. · 01/06/2030 · Sintra · orçamento de 900,00\u00a0€',
    );
    expect(portuguese[1]!.content).toMatch(/^Sol Studio fez uma proposta: .*1200,00\s€/);

    // The old client saves the whole conversation back, the move's line included, in either
    // language: the line is the move, so nothing is sent.
    for (const lines of [english, portuguese]) {
      const saved = await app.inject({
        method: 'PUT',
        url: `/chats/${chatId}`,
        headers: buyer.headers,
        payload: {
          chat: [
            ...lines.map(({ content, isUser }) => ({ content, isUser })),
            { content: 'Can you do 1,000?', isUser: true },
          ],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const stored = (await readMessages(app, buyer, chatId)).items;
    expect(stored.map((message) => message.body)).toEqual(['Can you do 1,000?', '', '']);
  });
});
