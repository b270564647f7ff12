import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mayaLogSchema,
  messageResponseSchema,
  type Message,
  type NegotiationSettingsBody,
} from '@maya/contracts';
import { selectRows } from '../../db/client.js';
import { mayaNegotiations, users } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { readMessages, send } from '../../../test/chats.js';
import {
  dealAsSeenBy,
  dealMove,
  HOUSE_MOVE,
  houseMoveRequest,
  mayaBusiness,
  offerTerms,
  quoteRequest,
  startDeal,
  taken,
} from '../../../test/deals.js';
import { mailsOf } from '../../../test/mail-log.js';
import { block } from '../../../test/party-matrix.js';
import { signUp, signUpUnconfirmed, type SignedUp } from '../../../test/sessions.js';
import { asksForPerson, MAYA_ANSWERS_QUEUE } from './maya-answers.js';

const { app, database } = await buildTestApp();
const { db } = database;

const LABEL = 'Maya (AI) for Cais Removals';
/** The label at the start of a message, as a pattern. */
const LABELLED = String.raw`^Maya \(AI\) for Cais Removals: `;
const { list: LIST, floor: FLOOR, keepBack: KEEP_BACK } = HOUSE_MOVE;
const when = { from: '2031-03-10', to: '2031-03-10' };

type Business = Awaited<ReturnType<typeof mayaBusiness>>;

/** A Pro business, Cais Removals, with one service Maya may offer at once. */
const business = (fields: Partial<NegotiationSettingsBody> = {}) => mayaBusiness(app, fields);

/** The buyer's request for the house move, with a budget. */
const request = (buyer: SignedUp, seller: Business, budget = 45_000) =>
  houseMoveRequest(app, buyer, seller, { when, budget: { amount: budget, currency: 'EUR' } });

/** The chat's messages Maya wrote, oldest first, once there are `count`. */
async function mayaSaid(buyer: SignedUp, chatId: string, count: number): Promise<Message[]> {
  const said = async () =>
    (await readMessages(app, buyer, chatId)).items
      .filter((message) => message.byAssistant && !message.deal)
      .reverse();
  await expect
    .poll(async () => (await said()).length, { timeout: 20_000, interval: 100 })
    .toBeGreaterThanOrEqual(count);
  return said();
}

interface QueuedJob {
  id: string;
  state: string;
  start_after: Date | string;
}

function jobsOf(dealId: string): Promise<QueuedJob[]> {
  return selectRows<QueuedJob>(
    db,
    sql`select id, state, start_after from pgboss.job
        where name = ${MAYA_ANSWERS_QUEUE} and data->>'dealId' = ${dealId} order by created_on`,
  );
}

async function statusOf(dealId: string) {
  const [row] = await db.select().from(mayaNegotiations).where(eq(mayaNegotiations.dealId, dealId));
  return row;
}

const mayaLog = (who: SignedUp, dealId: string) =>
  app.inject({ method: 'GET', url: `/api/v1/deals/${dealId}/maya-log`, headers: who.headers });

describe('Maya answering quote requests for a business', () => {
  it('offers at the listed price, accepts a counter at or above the floor, labels every word and logs why', async () => {
    const seller = await business();
    const buyer = await signUp(app, { role: 'buyer' });
    const requested = await request(buyer, seller);
    const dealId = requested.deal.id;
    const chatId = requested.message.chatId;

    const [offered] = await mayaSaid(buyer, chatId, 1);
    expect(offered!.body).toMatch(new RegExp(LABELLED));
    expect(offered!.body).toContain('500.00');
    const afterOffer = await dealAsSeenBy(app, buyer, dealId);
    expect(afterOffer.status).toBe('offered');
    expect(afterOffer.versions.map((version) => [version.by, version.terms.price.amount])).toEqual([
      ['business', LIST],
    ]);
    // The move's card is marked as Maya's too.
    const moves = (await readMessages(app, buyer, chatId)).items.filter((message) => message.deal);
    expect(moves.find((message) => message.deal?.event.kind === 'offer_made')?.byAssistant).toBe(
      true,
    );

    // A counter at the floor is accepted, whatever the round.
    await taken(
      dealMove(app, buyer, dealId, {
        type: 'counter',
        version: 1,
        terms: offerTerms({ price: { amount: FLOOR, currency: 'EUR' }, when }),
      }),
    );
    const [, accepted] = await mayaSaid(buyer, chatId, 2);
    expect(accepted!.body).toMatch(new RegExp(`${LABELLED}.*accepts`));
    expect((await dealAsSeenBy(app, buyer, dealId)).status).toBe('upcoming');

    // The business reads why; the floor is in its own log only.
    const read = await mayaLog(seller.business, dealId);
    expect(read.statusCode).toBe(200);
    const log = mayaLogSchema.parse(read.json());
    expect(log.status).toBe('closed');
    expect(log.entries.map((entry) => entry.rule)).toEqual([
      'open_at_list',
      'accept_counter_at_or_above_floor',
    ]);
    expect(log.entries[0]!.inputs).toMatchObject({ listPrice: LIST, floor: FLOOR, round: 0 });
    expect(log.entries[1]!.inputs).toMatchObject({ counter: FLOOR, round: 1 });
    expect(log.entries.every((entry) => entry.check.reasons.length === 0)).toBe(true);
    // Nobody else reads it, and no word to the buyer names the floor's keep-back minimum.
    expect((await mayaLog(buyer, dealId)).statusCode).toBe(404);
    const stranger = await signUp(app, { role: 'seller', businessName: 'Other' });
    expect((await mayaLog(stranger, dealId)).statusCode).toBe(404);
    for (const message of await mayaSaid(buyer, chatId, 2)) {
      expect(message.body).not.toContain('450.00');
    }
  });

  it('concedes toward floor + keep-back and never below it, ending with a final offer and a hand-over', async () => {
    const seller = await business({ counterLimit: 2 });
    const buyer = await signUp(app, { role: 'buyer' });
    const requested = await request(buyer, seller);
    const dealId = requested.deal.id;
    const chatId = requested.message.chatId;
    await mayaSaid(buyer, chatId, 1);

    let offers: number[] = [];
    // Her opening offer and two counters, the second her final offer; the buyer's third counter
    // below the floor is handed over.
    for (let round = 1; round <= 3; round += 1) {
      const deal = await dealAsSeenBy(app, buyer, dealId);
      if (deal.status !== 'offered') break;
      const standing = deal.versions.at(-1)!;
      await taken(
        dealMove(app, buyer, dealId, {
          type: 'counter',
          version: standing.number,
          terms: offerTerms({ price: { amount: 20_000, currency: 'EUR' }, when }),
        }),
      );
      await mayaSaid(buyer, chatId, round + 1);
      offers = (await dealAsSeenBy(app, buyer, dealId)).versions
        .filter((version) => version.by === 'business')
        .map((version) => version.terms.price.amount);
    }
    expect(offers.length).toBe(3);
    expect(offers[0]).toBe(LIST);
    expect(offers.every((amount) => amount >= FLOOR + KEEP_BACK)).toBe(true);
    expect([...offers].sort((a, b) => b - a)).toEqual(offers);
    expect(offers.at(-1)).toBe(FLOOR + KEEP_BACK);
    const said = await mayaSaid(buyer, chatId, 4);
    expect(said.at(-2)!.body).toContain('final offer');
    expect(said.at(-1)!.body).toMatch(new RegExp(`${LABELLED}that is as far as I can go`));
    expect(await statusOf(dealId)).toMatchObject({
      status: 'handed_over',
      stopReason: 'counter_limit',
    });
    // The business is told by mail, in one line.
    const mail = await mailsOf(app).waitFor(
      (sent) => sent.to === seller.business.email && sent.subject.startsWith('Maya passed'),
    );
    expect(mail.text).toContain('the counters reached your limit');
  });

  it('waits the business’s chosen time, and stops at once when the business answers in person', async () => {
    const seller = await business({ answerAfterMinutes: 10, atOnceWhenOffline: false });
    const buyer = await signUp(app, { role: 'buyer' });
    const requested = await request(buyer, seller);
    const dealId = requested.deal.id;
    await expect.poll(async () => (await jobsOf(dealId)).length, { timeout: 10_000 }).toBe(1);
    const [job] = await jobsOf(dealId);
    const waits = new Date(job!.start_after).getTime() - Date.now();
    expect(waits).toBeGreaterThan(9 * 60_000);

    // The business offers by hand before Maya's turn.
    await taken(
      dealMove(app, seller.business, dealId, { type: 'offer', terms: offerTerms({ when }) }),
    );
    await expect.poll(async () => (await statusOf(dealId))?.stopReason).toBe('business_answered');
    // Her turn comes and finds it taken: no second answer.
    await db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
    await expect
      .poll(async () => (await jobsOf(dealId))[0]?.state, { timeout: 15_000, interval: 200 })
      .toBe('completed');
    const deal = await dealAsSeenBy(app, buyer, dealId);
    expect(deal.versions.map((version) => version.terms.price.amount)).toEqual([85_000]);
    const said = await mayaSaid(buyer, requested.message.chatId, 1);
    expect(said.map((message) => message.body)).toEqual([
      `${LABEL}: Cais Removals is answering you here in person now.`,
    ]);
  });

  it('stops when the buyer asks for a person, or writes what she cannot answer, and tells the business in its language', async () => {
    const seller = await business({ answerAfterMinutes: 10, atOnceWhenOffline: false });
    const language = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/notifications',
      headers: seller.business.headers,
      payload: { language: 'pt-BR' },
    });
    expect(language.statusCode, language.body).toBe(200);
    const buyer = await signUp(app, { role: 'buyer', firstName: 'Bea', lastName: 'Lopes' });
    const requested = await request(buyer, seller);
    await expect.poll(async () => (await jobsOf(requested.deal.id)).length).toBe(1);
    const sent = await send(
      app,
      buyer,
      requested.message.chatId,
      'Can I talk to a real person please?',
    );
    expect(sent.statusCode).toBe(201);
    await expect
      .poll(async () => (await statusOf(requested.deal.id))?.stopReason)
      .toBe('asked_for_person');
    const [said] = await mayaSaid(buyer, requested.message.chatId, 1);
    expect(said!.body).toBe(
      `${LABEL}: I have asked Cais Removals to answer you in person, here in this chat.`,
    );

    // The business is told in its own language, in one line, with the chat's link.
    const told = await mailsOf(app).waitFor(
      (mail) =>
        mail.to === seller.business.email &&
        mail.subject === 'A Maya passou um pedido para você: Bea Lopes',
    );
    expect(told.text).toContain(
      'A Maya (IA) parou de responder Bea Lopes por você: o cliente pediu para falar com uma pessoa.',
    );
    expect(told.text).toContain(`/inbox/${requested.message.chatId}`);

    const other = await signUp(app, { role: 'buyer' });
    const second = await request(other, seller);
    await expect.poll(async () => (await jobsOf(second.deal.id)).length).toBe(1);
    await send(app, other, second.message.chatId, 'Do you also take the piano?');
    await expect.poll(async () => (await statusOf(second.deal.id))?.stopReason).toBe('question');
  });

  it('turns a price the buyer types against her offer into a counter card to confirm, and answers the card', async () => {
    const seller = await business();
    const buyer = await signUp(app, { role: 'buyer' });
    const requested = await request(buyer, seller);
    const chatId = requested.message.chatId;
    await mayaSaid(buyer, chatId, 1);

    const typed = await send(app, buyer, chatId, "That's a bit much. I'll pay 420?");
    expect(typed.statusCode, typed.body).toBe(201);
    expect(messageResponseSchema.parse(typed.json()).counterProposal).toEqual({
      dealId: requested.deal.id,
      version: 1,
      price: { amount: 42_000, currency: 'EUR' },
    });
    // Nothing moved, and Maya is still answering: the card is the buyer's to confirm.
    expect((await dealAsSeenBy(app, buyer, requested.deal.id)).status).toBe('offered');
    expect((await statusOf(requested.deal.id))?.status).toBe('active');
    // The business sees the words, never a proposal of its own.
    const own = await send(app, seller.business, chatId, 'Thanks!');
    expect(messageResponseSchema.parse(own.json()).counterProposal).toBeUndefined();
    await expect
      .poll(async () => (await statusOf(requested.deal.id))?.stopReason)
      .toBe('business_answered');

    // Words with no price, or one above the offer, propose nothing.
    for (const words of ['When can you come?', 'I could pay 900 for it']) {
      const plain = await send(app, buyer, chatId, words);
      expect(messageResponseSchema.parse(plain.json()).counterProposal).toBeUndefined();
    }
  });

  it('never answers for a Free business, across a block or a report, or an unconfirmed buyer', async () => {
    const free = await business();
    await db.update(users).set({ plan: 'free' }).where(eq(users.id, free.business.id));
    const buyer = await signUp(app, { role: 'buyer' });
    const toFree = await request(buyer, free);
    // The buyer's move is told after its commit: give it time to queue nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await jobsOf(toFree.deal.id)).toEqual([]);
    expect(await statusOf(toFree.deal.id)).toBeUndefined();

    const blocked = await business({ answerAfterMinutes: 10, atOnceWhenOffline: false });
    const requested = await request(buyer, blocked);
    await expect
      .poll(async () => (await jobsOf(requested.deal.id)).length, { timeout: 10_000 })
      .toBe(1);
    await block(app, blocked.business, buyer);
    const [job] = await jobsOf(requested.deal.id);
    await db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
    await expect
      .poll(async () => (await statusOf(requested.deal.id))?.stopReason, {
        timeout: 15_000,
      })
      .toBe('blocked');
    expect(
      (await readMessages(app, buyer, requested.message.chatId)).items.some(
        (message) => message.byAssistant && !message.deal,
      ),
    ).toBe(false);

    // A report between the two, made while her turn waits: a person answers, and it is said.
    const reported = await business({ answerAfterMinutes: 10, atOnceWhenOffline: false });
    const reporter = await signUp(app, { role: 'buyer' });
    const toReported = await request(reporter, reported);
    await expect
      .poll(async () => (await jobsOf(toReported.deal.id)).length, { timeout: 10_000 })
      .toBe(1);
    const filed = await app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: reporter.headers,
      payload: { subject: { kind: 'profile', userId: reported.business.id }, reason: 'spam' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const [waiting] = await jobsOf(toReported.deal.id);
    await db.execute(sql`update pgboss.job set start_after = now() where id = ${waiting!.id}`);
    await expect
      .poll(async () => (await statusOf(toReported.deal.id))?.stopReason, { timeout: 15_000 })
      .toBe('reported');
    expect((await dealAsSeenBy(app, reporter, toReported.deal.id)).versions).toEqual([]);
    const [handedOver] = await mayaSaid(reporter, toReported.message.chatId, 1);
    expect(handedOver!.body).toBe(`${LABEL}: Cais Removals will answer you here in person.`);

    const unconfirmed = await signUpUnconfirmed(app);
    const seller = await business();
    const fromUnconfirmed = await taken(
      startDeal(app, unconfirmed, seller.business.id, {
        type: 'request',
        request: quoteRequest({ serviceId: seller.move.id, when }),
      }),
    );
    await expect
      .poll(async () => (await statusOf(fromUnconfirmed.deal.id))?.stopReason, {
        timeout: 15_000,
      })
      .toBe('unconfirmed_buyer');
    expect((await dealAsSeenBy(app, unconfirmed, fromUnconfirmed.deal.id)).versions).toEqual([]);
  });

  it('reads a request for a person in both languages, as people write it', () => {
    for (const text of [
      'Can I talk to someone?',
      'I want a HUMAN please',
      'Are you a bot?',
      'Quero falar com uma pessoa',
      'você é um robô?',
      'Preciso de um atendente',
    ]) {
      expect(asksForPerson(text), text).toBe(true);
    }
    for (const text of ['Is the van big?', 'Pode ser na terça?', 'personal items only']) {
      expect(asksForPerson(text), text).toBe(false);
    }
  });
});
