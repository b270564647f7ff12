import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  businessReviewsSchema,
  dealReviewsSchema,
  publicProfileSchema,
  reviewHoldsSchema,
  usersPageSchema,
} from '@maya/contracts';
import { deals, reviews } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { completedDeal } from '../../../test/deals.js';
import { readEvents } from '../../../test/fake-llm.js';
import { mailsOf } from '../../../test/mail-log.js';
import { insertOperator } from '../../../test/moderation.js';
import { connectSocket, settle } from '../../../test/sockets.js';
import {
  deleteAccount,
  exportOf,
  sameOrigin,
  signUp,
  type SignedUp,
} from '../../../test/sessions.js';

// Listening, so a real socket can watch what a review's writing sends.
const { app, url } = await buildTestApp({}, { listen: true });
const database = app.db;

const DAY_MS = 86_400_000;

/** A word of letters only, from a uuid's hex digits, so the search finds the business by it. */
function nameOf(tag: string): string {
  return `Lumen${[...tag].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('')}`;
}

/** The business's card in a search for its name, as a visitor sees it. */
async function cardOf(business: SignedUp & { name: string }) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/users?q=${encodeURIComponent(business.name)}`,
  });
  expect(response.statusCode).toBe(200);
  const card = usersPageSchema.parse(response.json()).items.find((item) => item.id === business.id);
  expect(card).toBeDefined();
  return card!;
}

/** Maya's card for the business when a visitor asks for it by name (the built-in model). */
async function mayaCardOf(business: SignedUp & { name: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/assistant/chat',
    headers: { 'x-requested-with': 'fetch' },
    payload: {
      messages: [
        { id: 'm0', role: 'user', parts: [{ type: 'text', text: `studio ${business.name}` }] },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const output = readEvents(response.body).find((event) => event.type === 'tool-output-available')
    ?.output as { sellers: { id: string; why: string }[] } | undefined;
  const card = output?.sellers.find((seller) => seller.id === business.id);
  expect(card, response.body).toBeDefined();
  return card!;
}

/** A buyer and a business at their own mail domains (or one shared, to be held). */
async function pair(domains: [string, string] = ['gmail.com', 'sapo.pt']) {
  const tag = randomUUID().slice(0, 8);
  const buyer = await signUp(app, { role: 'buyer', email: `buyer-${tag}@${domains[0]}` });
  const business = await signUp(app, {
    role: 'seller',
    email: `studio-${tag}@${domains[1]}`,
    lastName: nameOf(tag),
  });
  return { buyer, business: { ...business, name: nameOf(tag) } };
}

async function seen(user: SignedUp, dealId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/deal-reviews/${dealId}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return dealReviewsSchema.parse(response.json());
}

function write(user: SignedUp, dealId: string, rating: number, text: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/deal-reviews/${dealId}/mine`,
    headers: user.headers,
    payload: { rating, text },
  });
}

/** A review its author wrote a day after the deal completed `daysAgo` days ago, stored as it is. */
async function storedReview(
  dealId: string,
  daysAgo: number,
  review: {
    side: 'buyer' | 'business';
    author: SignedUp;
    subject: SignedUp;
    rating: number;
    body: string;
  },
) {
  const completed = Date.now() - daysAgo * DAY_MS;
  await database.insert(reviews).values({
    id: uuidv7(),
    dealId,
    side: review.side,
    authorId: review.author.id,
    subjectId: review.subject.id,
    rating: review.rating,
    body: review.body,
    windowEndsAt: new Date(completed + 14 * DAY_MS),
    createdAt: new Date(completed + DAY_MS),
    updatedAt: new Date(completed + DAY_MS),
  });
}

function reply(user: SignedUp, dealId: string, text: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/deal-reviews/${dealId}/reply`,
    headers: user.headers,
    payload: { text },
  });
}

async function published(businessId: string, viewer?: SignedUp) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/users/${businessId}/reviews`,
    ...(viewer && { headers: viewer.headers }),
  });
  expect(response.statusCode).toBe(200);
  return businessReviewsSchema.parse(response.json());
}

describe('reviews after a completed deal', () => {
  it('shows neither side the other review before both are written, on any read of it', async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);

    expect((await write(buyer, dealId, 2, 'Arrived two hours late.')).statusCode).toBe(200);

    const asBusiness = await seen(business, dealId);
    expect(asBusiness).toMatchObject({
      status: 'waiting',
      mine: null,
      theirs: null,
      canWrite: true,
    });
    const asBuyer = await seen(buyer, dealId);
    expect(asBuyer.mine).toMatchObject({
      rating: 2,
      text: 'Arrived two hours late.',
      publishedAt: null,
    });
    expect(asBuyer.theirs).toBeNull();
    expect(await published(business.id)).toEqual({ rating: null, items: [] });
    expect(await published(business.id, business)).toEqual({ rating: null, items: [] });
    const profile = await app.inject({ method: 'GET', url: `/api/v1/users/${business.id}` });
    expect(publicProfileSchema.parse(profile.json()).rating).toBeUndefined();
    expect((await cardOf(business)).rating).toBeUndefined();
    expect((await mayaCardOf(business)).why).not.toContain('★');

    // The author edits it while it waits.
    expect((await write(buyer, dealId, 3, 'Late, but good work.')).statusCode).toBe(200);
    expect((await seen(buyer, dealId)).mine).toMatchObject({
      rating: 3,
      text: 'Late, but good work.',
    });
    expect(JSON.stringify(await seen(business, dealId))).not.toContain('Late');
    // The file's first call to Maya loads her model's libraries: a loaded machine needs longer.
  }, 60_000);

  it("carries nothing of a review before publication on the chat, the old client's API, the profiles, sockets, mail or the export", async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);
    const secret = 'Unpublished words about the studio.';
    // The business is online while the client writes: its socket receives whatever is sent.
    const watching = await connectSocket(url, business.token);
    const mailsBefore = mailsOf(app).sent.length;
    expect((await write(buyer, dealId, 1, secret)).statusCode).toBe(200);
    await settle(500);
    expect(JSON.stringify(watching.events)).not.toContain('Unpublished words');
    const mailed = mailsOf(app).sent.slice(mailsBefore);
    expect(JSON.stringify(mailed)).not.toContain('Unpublished words');
    expect(JSON.stringify(await exportOf(app, business))).not.toContain('Unpublished words');
    const [deal] = await database.select().from(deals).where(eq(deals.id, dealId));

    const reads = [
      { method: 'GET' as const, url: `/api/v1/chats/${deal!.chatId}/messages` },
      { method: 'GET' as const, url: '/api/v1/chats' },
      { method: 'GET' as const, url: `/api/v1/users/${business.id}` },
      { method: 'GET' as const, url: `/api/v1/users/${buyer.id}` },
      { method: 'GET' as const, url: '/chats' },
      { method: 'PUT' as const, url: `/chats/${deal!.chatId}` },
      { method: 'GET' as const, url: '/api/user/all' },
    ];
    for (const read of reads) {
      const response = await app.inject({ ...read, headers: business.headers });
      expect(response.statusCode, `${read.method} ${read.url}`).toBe(200);
      expect(response.body, `${read.method} ${read.url}`).not.toContain('Unpublished words');
    }
  });

  it('publishes both reviews at once when the second is written, and then neither changes', async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);

    await write(buyer, dealId, 5, 'Beautiful photos.');
    const written = await write(business, dealId, 4, 'Kind and on time.');
    expect(written.statusCode).toBe(200);

    const asBuyer = await seen(buyer, dealId);
    const asBusiness = await seen(business, dealId);
    expect(asBuyer.status).toBe('published');
    expect(asBuyer.theirs).toMatchObject({
      side: 'business',
      rating: 4,
      text: 'Kind and on time.',
    });
    expect(asBusiness.theirs).toMatchObject({
      side: 'buyer',
      rating: 5,
      text: 'Beautiful photos.',
    });
    expect(asBuyer.theirs!.publishedAt).not.toBeNull();
    expect(asBuyer.theirs!.publishedAt).toBe(asBusiness.theirs!.publishedAt);
    expect(asBuyer.mine!.publishedAt).toBe(asBusiness.theirs!.publishedAt);
    expect(asBuyer.canWrite).toBe(false);

    const page = await published(business.id);
    expect(page.rating).toEqual({ average: 5, count: 1 });
    const profile = await app.inject({ method: 'GET', url: `/api/v1/users/${business.id}` });
    expect(publicProfileSchema.parse(profile.json()).rating).toEqual({ average: 5, count: 1 });
    expect((await cardOf(business)).rating).toEqual({ average: 5, count: 1 });
    expect((await mayaCardOf(business)).why).toMatch(/, rated 5\.0★ \(1 review\)$/);
    expect(page.items.map((item) => item.text)).toEqual(['Beautiful photos.']);

    const edit = await write(buyer, dealId, 1, 'Changed my mind.');
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('publishes what one side wrote once the 14 days passed, and refuses a review after them', async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business, 20);
    await storedReview(dealId, 20, {
      side: 'buyer',
      author: buyer,
      subject: business,
      rating: 4,
      body: 'Good value.',
    });

    const asBusiness = await seen(business, dealId);
    expect(asBusiness).toMatchObject({ status: 'published', mine: null, canWrite: false });
    expect(asBusiness.theirs).toMatchObject({ text: 'Good value.' });
    expect(asBusiness.theirs!.publishedAt).toBe(asBusiness.windowEndsAt);
    expect((await write(business, dealId, 5, 'Too late.')).statusCode).toBe(409);
    expect((await published(business.id)).rating).toEqual({ average: 4, count: 1 });
  });

  it('refuses a review before the deal completes', async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);
    await database
      .update(deals)
      .set({ status: 'upcoming', deliveredAt: null, problemWindowEndsAt: null })
      .where(eq(deals.id, dealId));
    expect((await seen(buyer, dealId)).status).toBe('not_completed');
    expect((await write(buyer, dealId, 5, 'Early.')).statusCode).toBe(409);
  });

  it('holds a deal whose two accounts share a private mail domain until an operator releases it', async () => {
    const { buyer, business } = await pair(['luz-estudio.pt', 'luz-estudio.pt']);
    const dealId = await completedDeal(app, buyer, business);
    await write(buyer, dealId, 5, 'The best studio in town.');
    await write(business, dealId, 5, 'A perfect client.');

    expect(await seen(business, dealId)).toMatchObject({ status: 'held', theirs: null });
    expect(await seen(buyer, dealId)).toMatchObject({ status: 'held', theirs: null });
    expect(await published(business.id)).toEqual({ rating: null, items: [] });

    const operator = await insertOperator(database);
    const holds = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/review-holds',
      headers: operator.headers,
    });
    expect(holds.statusCode).toBe(200);
    expect(reviewHoldsSchema.parse(holds.json()).items).toContainEqual(
      expect.objectContaining({ dealId, reasons: ['email_domain'] }),
    );
    const released = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/review-holds/${dealId}`,
      headers: operator.headers,
      payload: { decision: 'released' },
    });
    expect(released.statusCode).toBe(204);

    expect((await seen(business, dealId)).theirs).toMatchObject({
      text: 'The best studio in town.',
    });
    expect((await published(business.id)).rating).toEqual({ average: 5, count: 1 });
  });

  it('holds a deal whose two accounts signed in on one browser since it began', async () => {
    const { buyer, business } = await pair(['gmail.com', 'sapo.pt']);
    const dealId = await completedDeal(app, buyer, business);
    // One browser signs in as the business, then as the client, keeping its device cookie.
    const asBusiness = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: sameOrigin,
      payload: { email: business.email, password: business.password },
    });
    expect(asBusiness.statusCode, asBusiness.body).toBe(200);
    const device = asBusiness.cookies.find((cookie) => cookie.name === 'maya_device')!.value;
    const asClient = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...sameOrigin, cookie: `maya_device=${device}` },
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(asClient.statusCode, asClient.body).toBe(200);

    await write(buyer, dealId, 5, 'The best studio in town.');
    await write(business, dealId, 5, 'A perfect client.');
    expect(await seen(buyer, dealId)).toMatchObject({ status: 'held', theirs: null });
    const operator = await insertOperator(database);
    const holds = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/review-holds',
      headers: operator.headers,
    });
    expect(reviewHoldsSchema.parse(holds.json()).items).toContainEqual(
      expect.objectContaining({ dealId, reasons: ['shared_device'] }),
    );

    // Two browsers, one each: nothing links them.
    const apart = await pair(['gmail.com', 'sapo.pt']);
    const apartDeal = await completedDeal(app, apart.buyer, apart.business);
    for (const person of [apart.business, apart.buyer]) {
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: sameOrigin,
        payload: { email: person.email, password: person.password },
      });
      expect(signedIn.statusCode).toBe(200);
    }
    await write(apart.buyer, apartDeal, 4, 'Good.');
    await write(apart.business, apartDeal, 4, 'Good too.');
    expect((await seen(apart.buyer, apartDeal)).status).toBe('published');
  });

  it('never holds two accounts at a public mail domain', async () => {
    const { buyer, business } = await pair(['gmail.com', 'gmail.com']);
    const dealId = await completedDeal(app, buyer, business);
    await write(buyer, dealId, 4, 'Fine.');
    await write(business, dealId, 4, 'Fine too.');
    expect((await seen(buyer, dealId)).status).toBe('published');
  });

  it('lets a business review only its client: its own review never counts in its rating', async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business, 20);
    await storedReview(dealId, 20, {
      side: 'business',
      author: business,
      subject: buyer,
      rating: 5,
      body: 'A great client.',
    });
    expect(await published(business.id)).toEqual({ rating: null, items: [] });
  });

  it('answers a stranger the 404 of an unknown deal, and a visitor a 401', async () => {
    const { buyer, business } = await pair();
    const stranger = await signUp(app, { role: 'buyer' });
    const dealId = await completedDeal(app, buyer, business);
    await write(buyer, dealId, 5, 'Secret until published.');
    for (const response of [
      await app.inject({
        method: 'GET',
        url: `/api/v1/deal-reviews/${dealId}`,
        headers: stranger.headers,
      }),
      await write(stranger, dealId, 1, 'Not mine to review.'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    const anonymous = await app.inject({ method: 'GET', url: `/api/v1/deal-reviews/${dealId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets the business reply once to its published review', async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);
    await write(buyer, dealId, 3, 'Good, but slow.');
    expect((await reply(business, dealId, 'Thank you.')).statusCode).toBe(409);
    await write(business, dealId, 5, 'Lovely client.');

    expect((await reply(buyer, dealId, 'Thank you, we are faster now.')).statusCode).toBe(403);
    expect((await reply(business, dealId, 'Thank you, we are faster now.')).statusCode).toBe(200);
    expect((await reply(business, dealId, 'Again.')).statusCode).toBe(409);
    expect((await seen(buyer, dealId)).mine!.reply).toMatchObject({
      text: 'Thank you, we are faster now.',
    });
  });

  it('gives no review prompt across a block, and the block keeps a review already written', async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);
    await write(buyer, dealId, 4, 'Good.');

    const block = await app.inject({
      method: 'PUT',
      url: `/api/v1/me/blocks/${buyer.id}`,
      headers: business.headers,
    });
    expect(block.statusCode).toBe(200);

    const asBuyer = await seen(buyer, dealId);
    expect(asBuyer).toMatchObject({ canWrite: false, canReply: false });
    expect(asBuyer.mine).toMatchObject({ text: 'Good.' });
    expect(await seen(business, dealId)).toMatchObject({ canWrite: false, theirs: null });
    expect((await write(buyer, dealId, 1, 'Changed.')).statusCode).toBe(403);
    expect((await write(business, dealId, 1, 'Blocked.')).statusCode).toBe(403);
  });

  it("keeps a deleted client's published review, shown as a former client's", async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);
    await write(buyer, dealId, 5, 'Wonderful.');
    await write(business, dealId, 5, 'Thank you.');

    await deleteAccount(app, buyer);

    const page = await published(business.id);
    expect(page.rating).toEqual({ average: 5, count: 1 });
    expect(page.items).toEqual([
      expect.objectContaining({
        text: 'Wonderful.',
        author: { id: null, name: '', former: true },
      }),
    ]);
  });

  it("is in its author's export, and a deletion takes a review still waiting for the other side", async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);
    expect((await write(buyer, dealId, 2, 'Late and rushed.')).statusCode).toBeLessThan(300);

    expect((await exportOf(app, buyer)).reviews).toEqual([
      expect.objectContaining({ dealId, side: 'buyer', rating: 2, text: 'Late and rushed.' }),
    ]);
    // The business's export holds its own reviews only, never the one waiting for it.
    expect((await exportOf(app, business)).reviews).toEqual([]);

    await deleteAccount(app, buyer);
    // The business writes its side after the deletion: nothing of the client's is published.
    expect((await write(business, dealId, 4, 'A fair client.')).statusCode).toBeLessThan(300);
    expect((await seen(business, dealId)).theirs).toBeNull();
    expect((await published(business.id)).items).toEqual([]);
  });

  it('refuses a rating outside 1 to 5 with a 400', async () => {
    const { buyer, business } = await pair();
    const dealId = await completedDeal(app, buyer, business);
    for (const rating of [0, 6, 3.5]) {
      expect((await write(buyer, dealId, rating, 'Out of range.')).statusCode).toBe(400);
    }
  });
});
