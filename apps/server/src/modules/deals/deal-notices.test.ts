import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectRows } from '../../db/client.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import {
  dealAsSeenBy,
  dealMove,
  offerTerms,
  quoteRequest,
  startDeal,
  taken,
} from '../../../test/deals.js';
import { mailsOf } from '../../../test/mail-log.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';
import { DEAL_NOTICES_QUEUE, OFFER_NOTICE_LEAD_MS } from './deal-notices.js';

const { app, database } = await buildTestApp();
const { db } = database;

const DAY_MS = 86_400_000;

afterEach(() => vi.useRealTimers());

interface NoticeJob {
  id: string;
  data: { kind: string; dealId: string; version?: number };
  start_after: Date | string;
  state: string;
}

function jobsOf(dealId: string): Promise<NoticeJob[]> {
  return selectRows<NoticeJob>(
    db,
    sql`select id, data, start_after, state from pgboss.job
        where name = ${DEAL_NOTICES_QUEUE} and data->>'dealId' = ${dealId}
        order by created_on`,
  );
}

/**
 * A deal's notice jobs once `count` of them are queued: a move queues its notice after its
 * commit, without holding the answer, so on PostgreSQL the job can land a moment after it.
 */
async function noticesOf(dealId: string, count = 1): Promise<NoticeJob[]> {
  await expect
    .poll(async () => (await jobsOf(dealId)).length, { timeout: 10_000, interval: 50 })
    .toBeGreaterThanOrEqual(count);
  return jobsOf(dealId);
}

/** The queue's clock moved to when the job is due: it runs now, as it would then. */
async function runNow(job: NoticeJob) {
  await db.execute(sql`update pgboss.job set start_after = now() where id = ${job.id}`);
  await expect
    .poll(async () => (await jobsOf(job.data.dealId)).find((row) => row.id === job.id)?.state, {
      timeout: 15_000,
      interval: 200,
    })
    .toBe('completed');
}

async function speaking(user: SignedUp, language: string) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/me/notifications',
    headers: user.headers,
    payload: { language },
  });
  expect(response.statusCode).toBe(200);
}

const mailsTo = (user: SignedUp) =>
  mailsOf(app).sent.filter((mail) => mail.to === user.email && mail.kind?.startsWith('deal-'));

describe('the notice of an offer about to lapse', () => {
  it('is queued for a day before the offer lapses and mails whoever answers it, in their language', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null, firstName: 'Bea' });
    const business = await signUp(app, { role: 'seller', businessName: 'Sol Studio' });
    await speaking(buyer, 'pt-PT');
    const offer = await taken(
      startDeal(app, business, buyer.id, { type: 'offer', terms: offerTerms() }),
    );
    const version = offer.deal.versions[0]!;
    const [job] = await noticesOf(offer.deal.id);
    expect(job!.data).toEqual({ kind: 'offer-lapsing', dealId: offer.deal.id, version: 1 });
    expect(new Date(job!.start_after).getTime()).toBeCloseTo(
      Date.parse(version.validUntil) - OFFER_NOTICE_LEAD_MS,
      -4,
    );

    // Twelve hours before the offer lapses, the job runs: the buyer is mailed in Portuguese.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(version.validUntil) - 12 * 3_600_000 });
    await runNow(job!);
    const [mail] = mailsTo(buyer);
    expect(mail).toMatchObject({
      kind: 'deal-offer-lapsing',
      subject: 'A proposta “Wedding photography, 6 hours” caduca dentro de 12 horas',
      link: `http://localhost:3000/inbox/${offer.message.chatId}`,
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(mail!.text).toContain(
      'Sol Studio enviou-lhe uma proposta no Maya Market: Wedding photography, 6 hours, 850,00\u00a0€, 01/06/2030.',
    );
    expect(mailsTo(business)).toEqual([]);
    // The lapse is still the clock's, read when the deal is read: the job changed nothing.
    expect((await dealAsSeenBy(app, buyer, offer.deal.id)).status).toBe('offered');
  });

  it('is not sent when the offer was answered, or a newer version stands', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });
    const answered = await taken(
      startDeal(app, business, buyer.id, { type: 'offer', terms: offerTerms() }),
    );
    await taken(dealMove(app, buyer, answered.deal.id, { type: 'accept', version: 1 }));
    const updated = await taken(
      startDeal(app, business, buyer.id, { type: 'offer', terms: offerTerms({ validDays: 2 }) }),
    );
    const second = await taken(
      dealMove(app, business, updated.deal.id, {
        type: 'update',
        version: 1,
        terms: offerTerms({ validDays: 1 }),
      }),
    );
    const jobs = await noticesOf(updated.deal.id, 2);
    expect(jobs.map((job) => job.data.version)).toEqual([1, 2]);
    // A one-day version is told of at half its life.
    const newest = second.deal.versions[1]!;
    expect(new Date(jobs[1]!.start_after).getTime()).toBeCloseTo(
      Date.parse(newest.validUntil) - DAY_MS / 2,
      -4,
    );

    await runNow((await noticesOf(answered.deal.id))[0]!);
    await runNow(jobs[0]!);
    expect(mailsTo(buyer)).toEqual([]);
  });
});

describe('the notice of a request that lapsed', () => {
  it('mails the buyer once the request passed its 14 days with no offer, and not when one came', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller', businessName: 'Luz Catering' });
    const lapsing = await taken(
      startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }),
    );
    const answered = await taken(
      startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }),
    );
    await taken(dealMove(app, business, answered.deal.id, { type: 'offer', terms: offerTerms() }));
    const expiresAt = Date.parse(lapsing.deal.request!.expiresAt);
    const [job] = await noticesOf(lapsing.deal.id);
    expect(job!.data).toEqual({ kind: 'request-lapsed', dealId: lapsing.deal.id });
    expect(new Date(job!.start_after).getTime()).toBeCloseTo(expiresAt + 1000, -4);

    vi.useFakeTimers({ toFake: ['Date'], now: expiresAt + 5000 });
    await runNow(
      (await noticesOf(answered.deal.id, 2)).find((row) => row.data.kind === 'request-lapsed')!,
    );
    await runNow(job!);
    const mails = mailsTo(buyer);
    expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([
      ['deal-request-lapsed', 'Your quote request to Luz Catering lapsed'],
    ]);
    expect(mails[0]!.text).toContain(
      'Your quote request to Luz Catering (Photos of our wedding, about 80 guests. · 1 Jun 2030 · Sintra · budget €900.00) had no offer within 14 days, so it has lapsed.',
    );
  });

  it('is not sent across a block', async () => {
    const buyer = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });
    const lapsing = await taken(
      startDeal(app, buyer, business.id, { type: 'request', request: quoteRequest() }),
    );
    await app.inject({
      method: 'PUT',
      url: `/api/v1/me/blocks/${buyer.id}`,
      headers: business.headers,
    });
    vi.useFakeTimers({
      toFake: ['Date'],
      now: Date.parse(lapsing.deal.request!.expiresAt) + 5000,
    });
    await runNow((await noticesOf(lapsing.deal.id))[0]!);
    expect(mailsTo(buyer)).toEqual([]);
  });
});
