import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  briefDraftResponseSchema,
  briefResponseSchema,
  briefsPageSchema,
  type BriefDraft,
  type CreateBriefBody,
  type Service,
} from '@maya/contracts';
import { briefs as briefsTable, users } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { dealAsSeenBy, dealMove, offerTerms } from '../../../test/deals.js';
import { block } from '../../../test/party-matrix.js';
import { addService } from '../../../test/services.js';
import { countStatements } from '../../../test/statements.js';
import { deleteAccount, exportOf, signUp, type SignedUp } from '../../../test/sessions.js';
import { bestService } from './briefs.service.js';

const { app, database } = await buildTestApp();
const { db } = database;

const PORTO = { address: 'Rua de Santa Catarina 100, 4000-447 Porto', lat: 41.1496, lng: -8.6067 };
const NEED = 'Plumber in Porto on 12 June 2031, up to 900 euros';
const when = { from: '2031-06-12', to: '2031-06-12' };

interface Plumber {
  business: SignedUp;
  name: string;
  job: Service;
}

let made = 0;
/** A plumber in Porto, with a boiler service listed first. */
async function plumber(price: number, fields: Record<string, unknown> = {}) {
  made += 1;
  const name = `Douro Canalizações ${made}`;
  const business = await signUp(app, {
    role: 'seller',
    businessName: name,
    category: 'construction',
    description: 'Plumber in Porto: leaks, pipes, bathrooms and boilers.',
    location: PORTO,
    ...fields,
  });
  await addService(app, business, {
    name: 'Boiler service',
    description: 'A yearly check of a gas boiler.',
    priceFrom: 9_000,
    unit: 'project',
  });
  const job = await addService(app, business, {
    name: 'Plumbing repairs',
    description: 'A plumber for a day: leaks, pipes, taps and drains.',
    priceFrom: price,
    unit: 'project',
  });
  return { business, name, job } satisfies Plumber;
}

const buyer = () =>
  signUp(app, {
    role: 'buyer',
    category: null,
    firstName: 'Rita',
    lastName: 'Moura',
    location: PORTO,
  });

async function draftOf(who: SignedUp, text = NEED, where?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/briefs/draft',
    headers: who.headers,
    payload: { text, where },
  });
}

let confirmation = 0;
function confirmBody(draft: BriefDraft, fields: Partial<CreateBriefBody> = {}): CreateBriefBody {
  confirmation += 1;
  return {
    clientId: `brief-confirm-${confirmation}-${Date.now()}`,
    need: draft.need,
    when: draft.when ?? when,
    where: draft.where ?? 'Porto',
    budget: draft.budget,
    wanted: [],
    businesses: draft.candidates
      .filter((candidate) => candidate.chosen)
      .map(({ businessId, serviceId }) => ({ businessId, serviceId })),
    ...fields,
  };
}

function send(who: SignedUp, body: CreateBriefBody) {
  return app.inject({ method: 'POST', url: '/api/v1/briefs', headers: who.headers, payload: body });
}

async function sent(who: SignedUp, body: CreateBriefBody) {
  const response = await send(who, body);
  expect(response.statusCode, response.body).toBe(201);
  return briefResponseSchema.parse(response.json()).brief;
}

async function briefAs(who: SignedUp, id: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/briefs/${id}`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return briefResponseSchema.parse(response.json()).brief;
}

// Seven plumbers in Porto: a draft proposes them, the first five chosen.
const studios = [
  await plumber(85_000),
  await plumber(70_000),
  await plumber(95_000),
  await plumber(80_000),
  await plumber(88_000),
  await plumber(99_000),
  await plumber(75_000),
];

describe('a brief drafted from one sentence', () => {
  it('reads the service, the day, the place and the budget, and proposes businesses with the fitting service', async () => {
    const rita = await buyer();
    const response = await draftOf(rita);
    expect(response.statusCode, response.body).toBe(200);
    const { draft } = briefDraftResponseSchema.parse(response.json());
    expect(draft.when).toEqual(when);
    expect(draft.where).toBe('Porto');
    expect(draft.budget).toEqual({ amount: 90_000, currency: 'EUR' });
    expect(draft.language).toBe('en');
    expect(draft.candidates.length).toBeGreaterThanOrEqual(5);
    expect(draft.candidates.filter((one) => one.chosen)).toHaveLength(5);
    const names = new Set(studios.map((studio) => studio.business.id));
    for (const candidate of draft.candidates) {
      expect(names.has(candidate.businessId)).toBe(true);
      // The plumbing service, not the boiler check listed first.
      expect(candidate.serviceName).toBe('Plumbing repairs');
    }
  });

  it('reads a Portuguese need with a relative day', async () => {
    const rita = await buyer();
    const { draft } = briefDraftResponseSchema.parse(
      (await draftOf(rita, 'preciso de um canalizador no Porto amanhã')).json(),
    );
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(draft.when).toEqual({ from: tomorrow, to: tomorrow });
    expect(draft.language).toBe('pt');
    expect(draft.candidates.length).toBeGreaterThan(0);
  });

  it('searches near the place the buyer gives instead of the one the words name', async () => {
    const rita = await buyer();
    const draft = async (text: string, where: string) => {
      const response = await draftOf(rita, text, where);
      expect(response.statusCode, response.body).toBe(200);
      return briefDraftResponseSchema.parse(response.json()).draft;
    };
    const porto = await draft('Plumber in Lisboa on 12 June 2031', 'Porto');
    expect(porto.where).toBe('Porto');
    expect(porto.when).toEqual(when);
    expect(porto.candidates.filter((one) => one.chosen)).toHaveLength(5);
    // No plumber near Faro: a draft with none to choose, the place as given.
    const faro = await draft(NEED, 'Faro');
    expect(faro.where).toBe('Faro');
    expect(faro.candidates).toEqual([]);
    const blank = await draftOf(rita, NEED, '');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ errors: { where: expect.any(String) } });
  });

  it('answers 400 naming the text when no service can be read, and sends nothing', async () => {
    const rita = await buyer();
    const response = await draftOf(rita, 'hello there');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { text: expect.any(String) } });
  });

  it('names the field at fault in the asker’s language', async () => {
    const rita = await buyer();
    const inPortuguese = await app.inject({
      method: 'POST',
      url: '/api/v1/briefs/draft',
      headers: { ...rita.headers, 'accept-language': 'pt-PT' },
      payload: { text: 'olá' },
    });
    expect(inPortuguese.statusCode).toBe(400);
    expect(inPortuguese.json()).toMatchObject({ errors: { text: 'Nenhum serviço identificado' } });
    expect((await draftOf(rita, 'hello there')).json()).toMatchObject({
      errors: { text: 'No service read' },
    });
  });

  it('is a client’s: a business gets 403 and a visitor 401', async () => {
    expect((await draftOf(studios[0]!.business)).statusCode).toBe(403);
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/v1/briefs/draft',
      payload: { text: NEED },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('a confirmed brief', () => {
  it('asks each chosen business once, in its own chat, with the brief’s terms', async () => {
    const rita = await buyer();
    const { draft } = briefDraftResponseSchema.parse((await draftOf(rita)).json());
    const body = confirmBody(draft, { wanted: ['parts', 'a written quote'] });
    const brief = await sent(rita, body);
    expect(brief.asked).toHaveLength(5);
    expect(new Set(brief.asked.map((one) => one.chatId)).size).toBe(5);
    expect(brief.comparison).toEqual({ state: 'waiting', answered: 0, of: 5 });

    // What a business sees is its deal's request: the need, the days, the place, the budget.
    const first = brief.asked[0]!;
    const owner = studios.find((studio) => studio.business.id === first.businessId)!;
    const deal = await dealAsSeenBy(app, owner.business, first.dealId);
    expect(deal.status).toBe('requested');
    expect(deal.serviceId).toBe(owner.job.id);
    expect(deal.request).toMatchObject({
      when,
      where: 'Porto',
      budget: { amount: 90_000, currency: 'EUR' },
    });
    expect(deal.request!.need).toContain('Please include: parts and a written quote.');

    // The same confirmation again sends nothing more.
    const again = await send(rita, body);
    expect(again.statusCode).toBe(200);
    expect(briefResponseSchema.parse(again.json()).brief.asked.map((one) => one.dealId)).toEqual(
      brief.asked.map((one) => one.dealId),
    );

    // A second brief never asks them twice while their requests are open.
    const { draft: next } = briefDraftResponseSchema.parse((await draftOf(rita)).json());
    for (const candidate of next.candidates) {
      const open = brief.asked.some((one) => one.businessId === candidate.businessId);
      expect(candidate.alreadyAsked).toBe(open);
      if (open) expect(candidate.chosen).toBe(false);
    }
  });

  it('refuses more than five businesses, one named twice, past days and another’s service, sending nothing', async () => {
    const rita = await buyer();
    const { draft } = briefDraftResponseSchema.parse((await draftOf(rita)).json());
    const six = studios.slice(0, 6).map((studio) => ({
      businessId: studio.business.id,
      serviceId: studio.job.id,
    }));
    const refusals = [
      confirmBody(draft, { businesses: six }),
      confirmBody(draft, { businesses: [six[0]!, six[0]!] }),
      confirmBody(draft, { when: { from: '2020-01-01', to: '2020-01-02' } }),
      confirmBody(draft, {
        businesses: [{ businessId: six[0]!.businessId, serviceId: six[1]!.serviceId }],
      }),
    ];
    for (const body of refusals) {
      const response = await send(rita, body);
      expect(response.statusCode, response.body).toBe(400);
    }
    const listed = briefsPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/briefs', headers: rita.headers })).json(),
    );
    expect(listed.items).toHaveLength(0);
  });

  it('never asks a business across a block, and says it was skipped', async () => {
    const rita = await buyer();
    const blocked = studios[6]!;
    await block(app, blocked.business, rita);
    const brief = await sent(rita, {
      clientId: `brief-block-${Date.now()}`,
      need: 'A leaking pipe under the sink',
      when,
      where: 'Porto',
      budget: null,
      wanted: [],
      businesses: [
        { businessId: blocked.business.id, serviceId: blocked.job.id },
        { businessId: studios[5]!.business.id, serviceId: studios[5]!.job.id },
      ],
    });
    expect(brief.asked.map((one) => one.businessId)).toEqual([studios[5]!.business.id]);
    expect(brief.skipped).toEqual([
      { businessId: blocked.business.id, name: expect.any(String), reason: 'unavailable' },
    ]);
  });

  it('is seen by its buyer only', async () => {
    const rita = await buyer();
    const other = await buyer();
    const { draft } = briefDraftResponseSchema.parse((await draftOf(rita)).json());
    const brief = await sent(rita, confirmBody(draft));
    for (const who of [other, studios[0]!.business]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/briefs/${brief.id}`,
        headers: who.headers,
      });
      expect([403, 404]).toContain(response.statusCode);
    }
    const visitor = await app.inject({ method: 'GET', url: `/api/v1/briefs/${brief.id}` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('a brief and its buyer’s account', () => {
  it('is in the buyer’s export, and goes with the account while the business keeps its deal', async () => {
    const rita = await buyer();
    const studio = studios[4]!;
    const brief = await sent(rita, {
      clientId: `brief-export-${Date.now()}`,
      need: 'A leaking pipe under the sink',
      when,
      where: 'Porto',
      budget: { amount: 90_000, currency: 'EUR' },
      wanted: ['parts'],
      businesses: [{ businessId: studio.business.id, serviceId: studio.job.id }],
    });
    const exported = await exportOf(app, rita);
    expect(exported.briefs).toEqual([
      expect.objectContaining({
        id: brief.id,
        need: 'A leaking pipe under the sink',
        wanted: ['parts'],
        budget: { amount: 90_000, currency: 'EUR' },
        businesses: [
          { businessId: studio.business.id, dealId: brief.asked[0]!.dealId, skipped: null },
        ],
      }),
    ]);
    // The business never sees the brief, only its deal's request.
    expect((await exportOf(app, studio.business)).briefs).toEqual([]);

    await deleteAccount(app, rita);
    expect(await database.db.$count(briefsTable, eq(briefsTable.buyerId, rita.id))).toBe(0);
    const deal = await dealAsSeenBy(app, studio.business, brief.asked[0]!.dealId);
    expect(deal.buyer.deleted).toBe(true);
  });
});

describe('the comparison', () => {
  it('waits until every business has answered, then ranks; a Pro plan changes nothing; the buyer accepts from it', async () => {
    const rita = await buyer();
    const chosen = studios.slice(0, 3);
    const brief = await sent(rita, {
      clientId: `brief-compare-${Date.now()}`,
      need: 'A leaking pipe under the sink',
      when,
      where: 'Porto',
      budget: null,
      wanted: ['parts'],
      businesses: chosen.map((studio) => ({
        businessId: studio.business.id,
        serviceId: studio.job.id,
      })),
    });
    // Two identical offers, one from a Pro business; the third declines.
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, chosen[0]!.business.id));
    const dealOf = (studio: Plumber) =>
      brief.asked.find((one) => one.businessId === studio.business.id)!.dealId;
    const terms = offerTerms({
      title: 'Pipe repair',
      price: { amount: 80_000, currency: 'EUR' },
      included: 'A plumber for the morning, parts included.',
      when,
    });
    for (const studio of chosen.slice(0, 2)) {
      const offered = await dealMove(app, studio.business, dealOf(studio), {
        type: 'offer',
        terms,
      });
      expect(offered.statusCode, offered.body).toBe(201);
      const partial = await briefAs(rita, brief.id);
      expect(partial.comparison.state).toBe('waiting');
    }
    expect((await briefAs(rita, brief.id)).comparison).toEqual({
      state: 'waiting',
      answered: 2,
      of: 3,
    });
    const declined = await dealMove(app, chosen[2]!.business, dealOf(chosen[2]!), {
      type: 'withdraw',
    });
    expect(declined.statusCode, declined.body).toBe(201);

    const ranked = await briefAs(rita, brief.id);
    expect(ranked.comparison.state).toBe('ranked');
    if (ranked.comparison.state !== 'ranked') return;
    const [a, b] = ranked.comparison.ranked;
    expect(ranked.comparison.ranked).toHaveLength(2);
    expect(a!.rank).toBe(1);
    expect(b!.rank).toBe(1);
    expect(a!.score).toBe(b!.score);
    expect(ranked.asked.find((one) => one.businessId === chosen[2]!.business.id)!.answer).toBe(
      'declined',
    );

    // A tie is listed by id, never by who answered first.
    const tied = chosen.slice(0, 2).map((studio) => studio.business.id);
    expect(ranked.comparison.recommended).toBe([...tied].sort()[0]);
    const pick = ranked.asked.find((one) => one.answer === 'offered')!;
    expect(pick.acceptVersion).toBe(1);
    const accepted = await dealMove(app, rita, pick.dealId, {
      type: 'accept',
      version: pick.acceptVersion!,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const after = await briefAs(rita, brief.id);
    expect(after.acceptedDealId).toBe(pick.dealId);
    expect(after.asked.find((one) => one.dealId === pick.dealId)!.answer).toBe('accepted');
  });

  it('stops waiting for a business at the brief’s answer time', async () => {
    const rita = await buyer();
    const brief = await sent(rita, {
      clientId: `brief-time-${Date.now()}`,
      need: 'A leaking pipe under the sink',
      when,
      where: 'Porto',
      budget: null,
      wanted: [],
      answerWithinHours: 6,
      businesses: [{ businessId: studios[6]!.business.id, serviceId: studios[6]!.job.id }],
    });
    expect(brief.comparison).toEqual({ state: 'waiting', answered: 0, of: 1 });
    expect(Date.parse(brief.answerBy) - Date.parse(brief.createdAt)).toBe(6 * 3_600_000);
  });
});

describe('the list of a buyer’s briefs', () => {
  it('counts each brief’s answers with as many statements for four briefs as for one', async () => {
    const rita = await buyer();
    const ask = (chosen: Plumber[]) =>
      sent(rita, {
        clientId: `brief-list-${chosen[0]!.business.id}`,
        need: 'A leaking pipe under the sink',
        when,
        where: 'Porto',
        budget: null,
        wanted: [],
        businesses: chosen.map((studio) => ({
          businessId: studio.business.id,
          serviceId: studio.job.id,
        })),
      });
    // The fewest of three reads: the job queue's own statements may fall amid one.
    const list = async () => {
      let page: unknown;
      const counts: number[] = [];
      for (let read = 0; read < 3; read += 1) {
        counts.push(
          await countStatements(database, async () => {
            const response = await app.inject({
              method: 'GET',
              url: '/api/v1/briefs?limit=20',
              headers: rita.headers,
            });
            expect(response.statusCode, response.body).toBe(200);
            page = response.json();
          }),
        );
      }
      return { page: briefsPageSchema.parse(page), statements: Math.min(...counts) };
    };

    const first = await ask(studios.slice(0, 2));
    const offered = await dealMove(app, studios[0]!.business, first.asked[0]!.dealId, {
      type: 'offer',
      terms: offerTerms({ title: 'Pipe repair', price: { amount: 80_000, currency: 'EUR' }, when }),
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const one = await list();
    expect(one.page.items).toMatchObject([{ id: first.id, answered: 1, of: 2 }]);

    await ask(studios.slice(2, 4));
    await ask(studios.slice(4, 5));
    await ask(studios.slice(5, 7));
    const four = await list();
    expect(four.page.items.map((item) => [item.answered, item.of])).toEqual([
      [0, 2],
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(four.statements).toBe(one.statements);
  });
});

describe('the service a brief names', () => {
  const service = (id: string, name: string, priceFrom: number, description = ''): Service => ({
    id,
    name,
    description,
    priceFrom,
    priceTo: null,
    unit: 'event',
    currency: 'EUR',
  });

  it('is the one whose words fit, its own forms before synonyms, the name first, then the lower price', () => {
    const list = [
      service('a', 'Studio portraits', 9_000),
      service('b', 'Wedding photography', 90_000),
      service('c', 'Wedding day, photos', 80_000),
    ];
    // "photography" is the word's own stem; "photos" only a synonym.
    expect(bestService(list, ['wedding', 'photographer'])?.id).toBe('b');
    expect(bestService(list, ['wedding', 'photos'])?.id).toBe('c');
    // The same fit: the lower price.
    expect(
      bestService(
        [service('x', 'Pipe repair', 9_000), service('y', 'Pipe repair', 8_000)],
        ['pipes'],
      )?.id,
    ).toBe('y');
    expect(bestService(list, ['portrait'])?.id).toBe('a');
    expect(bestService(list, ['catering'])).toBeNull();
    expect(bestService([service('only', 'Anything', 100)], ['catering'])?.id).toBe('only');
  });
});
