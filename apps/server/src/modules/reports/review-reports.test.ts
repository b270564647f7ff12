import {
  adminReportSchema,
  businessReviewsSchema,
  dealReviewsSchema,
  reportReceiptSchema,
} from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { reports } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { completedDeal } from '../../../test/deals.js';
import { mailsOf } from '../../../test/mail-log.js';
import { insertOperator } from '../../../test/moderation.js';
import { block } from '../../../test/party-matrix.js';
import { sameOrigin, signUp, type SignedUp } from '../../../test/sessions.js';
import { eq } from 'drizzle-orm';

/**
 * Reporting a published review or its reply (DSA Art. 16, from inside the product), and the
 * operator's `remove_review` decision that takes it down with a statement of reasons, and its
 * appeal that brings it back. Each part is its own author's words: the review the client's, the
 * reply the business's, so each is reported against its author and nobody reports their own.
 */
const { app } = await buildTestApp();

const unique = () => uuidv7().slice(-8);
const client = () =>
  signUp(app, { role: 'buyer', category: null, email: `c-${unique()}@gmail.com` });
const business = () => signUp(app, { role: 'seller', email: `b-${unique()}@sapo.pt` });

async function write(user: SignedUp, dealId: string, rating: number, text: string) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/v1/deal-reviews/${dealId}/mine`,
    headers: user.headers,
    payload: { rating, text },
  });
  expect(response.statusCode, response.body).toBe(200);
  return dealReviewsSchema.parse(response.json());
}

/** A deal whose two reviews are published, the client's with the business's reply. */
async function publishedReviews(buyer?: SignedUp) {
  buyer ??= await client();
  const seller = await business();
  const dealId = await completedDeal(app, buyer, seller);
  await write(buyer, dealId, 1, 'A fraud, avoid them: they keep the deposit.');
  await write(seller, dealId, 5, 'A clear brief.');
  const replied = await app.inject({
    method: 'POST',
    url: `/api/v1/deal-reviews/${dealId}/reply`,
    headers: seller.headers,
    payload: { text: 'You never paid the deposit, Ana.' },
  });
  expect(replied.statusCode, replied.body).toBe(200);
  const reviews = dealReviewsSchema.parse(replied.json());
  return { buyer, seller, dealId, reviewId: reviews.theirs!.id, theirReviewId: reviews.mine!.id };
}

function report(user: SignedUp | null, subject: Record<string, unknown>, reason = 'harassment') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/reports',
    headers: user ? { ...user.headers, ...sameOrigin } : sameOrigin,
    payload: { subject, reason, details: 'Lies about us.' },
  });
}

async function storedReport(id: string) {
  const [row] = await app.db.select().from(reports).where(eq(reports.id, id));
  return row!;
}

async function profileReviews(viewer: SignedUp, businessId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/users/${businessId}/reviews`,
    headers: viewer.headers,
  });
  expect(response.statusCode).toBe(200);
  return businessReviewsSchema.parse(response.json());
}

async function dealReviewsOf(user: SignedUp, dealId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/deal-reviews/${dealId}`,
    headers: user.headers,
  });
  return dealReviewsSchema.parse(response.json());
}

function decide(operator: { headers: Record<string, string> }, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/decisions',
    headers: operator.headers,
    payload: { ground: 'rules', rule: 'Terms 6.3 (reviews)', ...body },
  });
}

describe('reporting a review', () => {
  it('takes a report of a client’s review from anyone who sees it, with the review frozen as evidence', async () => {
    const { buyer, seller, reviewId } = await publishedReviews();
    const reader = await client();

    const made = await report(reader, { kind: 'review', reviewId }, 'other');
    expect(made.statusCode, made.body).toBe(201);
    const receipt = reportReceiptSchema.parse(made.json());
    const stored = await storedReport(receipt.id);
    expect(stored).toMatchObject({
      subjectKind: 'review',
      subjectReviewId: reviewId,
      subjectReviewPart: 'review',
      subjectUserId: buyer.id,
      reporterId: reader.id,
    });
    expect(stored.evidence).toMatchObject({
      review: {
        id: reviewId,
        part: 'review',
        rating: 1,
        text: 'A fraud, avoid them: they keep the deposit.',
        reply: 'You never paid the deposit, Ana.',
        authorId: buyer.id,
        subjectId: seller.id,
      },
    });

    // The same member again while it is open: the same report.
    const again = await report(reader, { kind: 'review', reviewId, part: 'review' }, 'spam');
    expect(again.statusCode).toBe(200);
    expect(reportReceiptSchema.parse(again.json())).toMatchObject({
      id: receipt.id,
      duplicate: true,
    });

    // The business reviewed may report it too: it is the client's words.
    expect((await report(seller, { kind: 'review', reviewId })).statusCode).toBe(201);
  });

  it('takes a report of the business’s reply against the business, and nobody reports their own words', async () => {
    const { buyer, seller, reviewId } = await publishedReviews();

    const ofReply = await report(buyer, { kind: 'review', reviewId, part: 'reply' });
    expect(ofReply.statusCode, ofReply.body).toBe(201);
    expect(await storedReport(reportReceiptSchema.parse(ofReply.json()).id)).toMatchObject({
      subjectUserId: seller.id,
      subjectReviewPart: 'reply',
    });

    for (const [who, part] of [
      [buyer, 'review'],
      [seller, 'reply'],
    ] as const) {
      const own = await report(who, { kind: 'review', reviewId, part });
      expect([part, own.statusCode, own.json().code]).toEqual([part, 403, 'FORBIDDEN']);
    }
  });

  it('knows no review that is unpublished, unknown, or behind a block, and asks a visitor to sign in', async () => {
    const buyer = await client();
    const seller = await business();
    const dealId = await completedDeal(app, buyer, seller);
    // Only one side wrote, and the window is open: nobody sees it yet.
    const waiting = (await write(buyer, dealId, 2, 'Late.')).mine!.id;
    const reader = await client();
    expect((await report(reader, { kind: 'review', reviewId: waiting })).statusCode).toBe(404);
    expect((await report(seller, { kind: 'review', reviewId: waiting })).statusCode).toBe(404);
    expect((await report(reader, { kind: 'review', reviewId: uuidv7() })).statusCode).toBe(404);

    const published = await publishedReviews();
    const blocked = await client();
    await block(app, published.seller, blocked);
    const behind = await report(blocked, { kind: 'review', reviewId: published.reviewId });
    expect(behind.statusCode).toBe(404);
    // A business's review of its client is shown only to the deal's two people.
    const ofClient = await report(reader, {
      kind: 'review',
      reviewId: published.theirReviewId,
    });
    expect(ofClient.statusCode).toBe(404);

    expect((await report(null, { kind: 'review', reviewId: published.reviewId })).statusCode).toBe(
      401,
    );
    const bad = await report(reader, { kind: 'review', reviewId: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('an operator takes a reported review down', () => {
  it('removes it from the profile and the rating, tells its author why, and shows it again when an appeal is upheld', async () => {
    const { buyer, seller, dealId, reviewId } = await publishedReviews();
    const reader = await client();
    const receipt = reportReceiptSchema.parse(
      (await report(reader, { kind: 'review', reviewId })).json(),
    );
    expect((await profileReviews(reader, seller.id)).rating).toEqual({ count: 1, average: 1 });

    const operator = await insertOperator(app.db);
    const shown = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports/${receipt.id}`,
      headers: operator.headers,
    });
    expect(adminReportSchema.parse(shown.json())).toMatchObject({
      subjectKind: 'review',
      subjectReviewId: reviewId,
      subjectReviewPart: 'review',
      evidence: { review: { text: 'A fraud, avoid them: they keep the deposit.' } },
    });

    // Taking content down asks for a fresh code, as restricting an account does.
    const stale = await insertOperator(app.db, { codeAgeMs: 6 * 60_000 });
    const refused = await decide(stale, {
      subjectUserId: buyer.id,
      kind: 'remove_review',
      reportIds: [receipt.id],
      facts: 'Calls the business a fraud with nothing to show it.',
    });
    expect(refused.json().code).toBe('FRESH_CODE_REQUIRED');

    const decided = await decide(operator, {
      subjectUserId: buyer.id,
      kind: 'remove_review',
      reportIds: [receipt.id],
      facts: 'Calls the business a fraud with nothing to show it.',
    });
    expect(decided.statusCode, decided.body).toBe(201);
    expect(decided.json()).toMatchObject({
      kind: 'remove_review',
      review: { id: reviewId, part: 'review' },
    });

    // Gone from the profile and its rating; the business's view of the deal no longer has it;
    // its author still sees it, marked taken down; the account is not restricted.
    expect(await profileReviews(reader, seller.id)).toEqual({ rating: null, items: [] });
    expect((await dealReviewsOf(seller, dealId)).theirs).toBeNull();
    expect((await dealReviewsOf(seller, dealId)).canReply).toBe(false);
    const authorView = await dealReviewsOf(buyer, dealId);
    expect(authorView.mine).toMatchObject({ id: reviewId });
    expect(authorView.mine!.removedAt).not.toBeNull();
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: buyer.headers });
    expect(me.statusCode).toBe(200);

    const statement = await mailsOf(app).waitFor(
      (mail) => mail.to === buyer.email && mail.kind === 'moderation-decision',
    );
    expect(statement.text).toContain('Your review is taken down');
    expect(statement.text).toContain('Calls the business a fraud with nothing to show it.');

    const mine = await app.inject({
      method: 'GET',
      url: '/api/v1/me/decisions',
      headers: buyer.headers,
    });
    const decision = mine.json<{ decisions: { id: string; review: unknown }[] }>().decisions[0]!;
    expect(decision.review).toEqual({ id: reviewId, part: 'review' });
    const appeal = await app.inject({
      method: 'POST',
      url: `/api/v1/me/decisions/${decision.id}/appeal`,
      headers: { ...buyer.headers, ...sameOrigin },
      payload: { text: 'They did keep my deposit: here is the bank statement.' },
    });
    expect(appeal.statusCode, appeal.body).toBe(201);
    const reviewer = await insertOperator(app.db);
    const reversed = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/appeals/${appeal.json<{ id: string }>().id}/decision`,
      headers: reviewer.headers,
      payload: { outcome: 'reversed', facts: 'The statement shows the deposit kept.' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await profileReviews(reader, seller.id)).toMatchObject({
      rating: { count: 1, average: 1 },
      items: [{ id: reviewId, removedAt: null }],
    });
    const outcome = await mailsOf(app).waitFor(
      (mail) => mail.to === buyer.email && mail.text.includes('is shown again'),
    );
    expect(outcome.text).toContain('The statement shows the deposit kept.');
  });

  it('takes a reply down alone, and the business cannot write it again', async () => {
    const { buyer, seller, dealId, reviewId } = await publishedReviews();
    const receipt = reportReceiptSchema.parse(
      (await report(buyer, { kind: 'review', reviewId, part: 'reply' })).json(),
    );
    const operator = await insertOperator(app.db);
    const decided = await decide(operator, {
      subjectUserId: seller.id,
      kind: 'remove_review',
      reportIds: [receipt.id],
      facts: 'Names the client in public.',
    });
    expect(decided.statusCode, decided.body).toBe(201);

    const reader = await client();
    expect((await profileReviews(reader, seller.id)).items).toMatchObject([
      { id: reviewId, reply: null, text: 'A fraud, avoid them: they keep the deposit.' },
    ]);
    expect((await dealReviewsOf(seller, dealId)).canReply).toBe(false);
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/deal-reviews/${dealId}/reply`,
      headers: seller.headers,
      payload: { text: 'Once more.' },
    });
    expect(again.statusCode).toBe(409);
    const statement = await mailsOf(app).waitFor(
      (mail) => mail.to === seller.email && mail.kind === 'moderation-decision',
    );
    expect(statement.text).toContain('Your reply to a review is taken down');
  });

  it('refuses a take-down without reports, or over reports of different reviews', async () => {
    const first = await publishedReviews();
    // The same client's review of another business.
    const second = await publishedReviews(first.buyer);
    const reader = await client();
    const one = reportReceiptSchema.parse(
      (await report(reader, { kind: 'review', reviewId: first.reviewId })).json(),
    );
    const operator = await insertOperator(app.db);
    const none = await decide(operator, {
      subjectUserId: first.buyer.id,
      kind: 'remove_review',
      facts: 'Abusive.',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('reportIds');

    // Reports of two reviews, though by the same author: one decision takes down one review.
    const other = reportReceiptSchema.parse(
      (await report(reader, { kind: 'review', reviewId: second.reviewId })).json(),
    );
    const mixed = await decide(operator, {
      subjectUserId: first.buyer.id,
      kind: 'remove_review',
      reportIds: [one.id, other.id],
      facts: 'Abusive.',
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual({ reportIds: 'The reports must all be of one review' });
    const ofProfile = reportReceiptSchema.parse(
      (await report(reader, { kind: 'profile', userId: first.buyer.id }, 'spam')).json(),
    );
    const notReview = await decide(operator, {
      subjectUserId: first.buyer.id,
      kind: 'remove_review',
      reportIds: [ofProfile.id],
      facts: 'Abusive.',
    });
    expect(notReview.statusCode).toBe(400);
    expect(notReview.json().errors).toHaveProperty('reportIds');
    expect((await profileReviews(reader, first.seller.id)).items).toHaveLength(1);
  });
});
