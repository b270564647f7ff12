import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { negotiationSettingsSchema, type NegotiationSettingsBody } from '@maya/contracts';
import { negotiationServiceLimits, negotiationSettings, users } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { addService } from '../../../test/services.js';
import { deleteAccount, exportOf, signUp, type SignedUp } from '../../../test/sessions.js';

const { app, database } = await buildTestApp();

const read = (who: { headers: Record<string, string> } | null) =>
  app.inject({ method: 'GET', url: '/api/v1/me/negotiation', headers: who?.headers ?? {} });
const save = (who: { headers: Record<string, string> } | null, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/me/negotiation',
    headers: who?.headers ?? {},
    payload: payload as object,
  });
const setPlan = (id: string, plan: 'free' | 'pro') =>
  database.db.update(users).set({ plan }).where(eq(users.id, id));

/** Settings with the given fields over Maya off, ten minutes, three counters, nothing listed. */
function body(fields: Partial<NegotiationSettingsBody> = {}): NegotiationSettingsBody {
  return {
    enabled: false,
    answerAfterMinutes: 10,
    atOnceWhenOffline: true,
    counterLimit: 3,
    blockedDates: [],
    services: [],
    ...fields,
  };
}

/** A day `days` from now, `YYYY-MM-DD` in UTC. */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function proBusiness(): Promise<SignedUp> {
  const business = await signUp(app, { role: 'seller', businessName: 'Cais Removals' });
  await setPlan(business.id, 'pro');
  return business;
}

describe("a business's settings for Maya answering its quote requests", () => {
  it('start switched off with the defaults, and are saved whole and read back', async () => {
    const business = await proBusiness();
    const first = await read(business);
    expect(first.statusCode).toBe(200);
    expect(negotiationSettingsSchema.parse(first.json())).toEqual({
      enabled: false,
      available: true,
      answerAfterMinutes: 10,
      atOnceWhenOffline: true,
      counterLimit: 3,
      blockedDates: [],
      services: [],
    });

    const move = await addService(app, business, { name: 'House move', priceFrom: 50000 });
    const boxes = await addService(app, business, { name: 'Packing boxes', priceFrom: 3000 });
    const later = dayFromNow(20);
    const sooner = dayFromNow(5);
    const saved = await save(
      business,
      body({
        enabled: true,
        answerAfterMinutes: 30,
        atOnceWhenOffline: false,
        counterLimit: 2,
        // Given twice and out of order: kept once, in order; a past day is dropped.
        blockedDates: [later, sooner, later, dayFromNow(-10)],
        services: [
          { serviceId: boxes.id, floor: 2500, keepBack: 0 },
          { serviceId: move.id, floor: 40000, keepBack: 5000 },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      enabled: true,
      available: true,
      answerAfterMinutes: 30,
      atOnceWhenOffline: false,
      counterLimit: 2,
      blockedDates: [sooner, later],
      // In the order of the business's own list.
      services: [
        { serviceId: move.id, floor: 40000, keepBack: 5000 },
        { serviceId: boxes.id, floor: 2500, keepBack: 0 },
      ],
    };
    expect(saved.json()).toEqual(expected);
    expect((await read(business)).json()).toEqual(expected);

    // Saving again replaces the list: a service left out is no longer Maya's to offer.
    const fewer = await save(
      business,
      body({ enabled: true, services: [{ serviceId: move.id, floor: 45000, keepBack: 0 }] }),
    );
    expect(fewer.json()).toMatchObject({
      services: [{ serviceId: move.id, floor: 45000, keepBack: 0 }],
      blockedDates: [],
    });

    // A deleted service takes its limits with it.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/me/services/${move.id}`,
      headers: business.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await read(business)).json()).toMatchObject({ services: [] });
  });

  it('refuse a floor plus keep-back above the listed price, and another business’s service, naming the field', async () => {
    const business = await proBusiness();
    const other = await proBusiness();
    const move = await addService(app, business, { name: 'House move', priceFrom: 50000 });
    const theirs = await addService(app, other, { name: 'Piano move', priceFrom: 30000 });

    const above = await save(
      business,
      body({ services: [{ serviceId: move.id, floor: 45000, keepBack: 5001 }] }),
    );
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { 'services.0.floor': expect.stringContaining('listed price') },
    });

    // Exactly the listed price is allowed: Maya then never concedes.
    const atList = await save(
      business,
      body({ services: [{ serviceId: move.id, floor: 45000, keepBack: 5000 }] }),
    );
    expect(atList.statusCode).toBe(200);

    const foreign = await save(
      business,
      body({
        services: [
          { serviceId: move.id, floor: 40000, keepBack: 0 },
          { serviceId: theirs.id, floor: 100, keepBack: 0 },
        ],
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().errors as object)).toEqual(['services.1.serviceId']);
    // Nothing of a refused save is kept.
    expect((await read(business)).json()).toMatchObject({
      services: [{ serviceId: move.id, floor: 45000, keepBack: 5000 }],
    });
    // And the other business's own settings never show the first one's floor.
    expect((await read(other)).json()).toMatchObject({ services: [] });
  });

  it('refuse malformed input with a 400 and keep what was saved', async () => {
    const business = await proBusiness();
    const move = await addService(app, business, { name: 'House move', priceFrom: 50000 });
    const good = body({ services: [{ serviceId: move.id, floor: 40000, keepBack: 0 }] });
    expect((await save(business, good)).statusCode).toBe(200);
    const bad: unknown[] = [
      { ...good, answerAfterMinutes: 7 },
      { ...good, answerAfterMinutes: -1 },
      { ...good, counterLimit: 0 },
      { ...good, counterLimit: 4 },
      { ...good, blockedDates: ['2031-02-30'] },
      { ...good, blockedDates: ['tomorrow'] },
      { ...good, blockedDates: Array.from({ length: 367 }, () => dayFromNow(3)) },
      { ...good, services: [{ serviceId: move.id, floor: 0, keepBack: 0 }] },
      { ...good, services: [{ serviceId: move.id, floor: 100.5, keepBack: 0 }] },
      { ...good, services: [{ serviceId: move.id, floor: 100, keepBack: -1 }] },
      { ...good, services: [{ serviceId: 'not-an-id', floor: 100, keepBack: 0 }] },
      { ...good, services: [good.services[0], good.services[0]] },
      { ...good, enabled: 'yes' },
      null,
      [1, 2],
    ];
    for (const payload of bad) {
      const response = await save(business, payload);
      expect(response.statusCode, JSON.stringify(payload)?.slice(0, 120)).toBe(400);
    }
    expect((await read(business)).json()).toMatchObject({
      services: [{ serviceId: move.id, floor: 40000, keepBack: 0 }],
    });
  });

  it('turn Maya on only on the Pro plan, while a free business may keep its choices ready', async () => {
    const business = await signUp(app, { role: 'seller', businessName: 'Cais Free' });
    const move = await addService(app, business, { name: 'House move', priceFrom: 50000 });
    const limits = [{ serviceId: move.id, floor: 40000, keepBack: 1000 }];

    const on = await save(business, body({ enabled: true, services: limits }));
    expect(on.statusCode).toBe(403);
    expect(on.json()).toMatchObject({ code: 'FORBIDDEN', detail: expect.stringContaining('Pro') });
    const ready = await save(business, body({ enabled: false, services: limits }));
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ enabled: false, available: false, services: limits });

    await setPlan(business.id, 'pro');
    expect((await save(business, body({ enabled: true, services: limits }))).json()).toMatchObject({
      enabled: true,
      available: true,
    });
    // Back on Free, the choice stays but Maya is not available: she answers nothing.
    await setPlan(business.id, 'free');
    expect((await read(business)).json()).toMatchObject({ enabled: true, available: false });
  });

  it('are a business’s own: a client, a visitor and the Portuguese reader are told why not', async () => {
    const client = await signUp(app, { role: 'buyer' });
    for (const response of [await read(client), await save(client, body())]) {
      expect(response.statusCode).toBe(403);
    }
    for (const response of [await read(null), await save(null, body())]) {
      expect(response.statusCode).toBe(401);
    }
    const inPortuguese = await app.inject({
      method: 'GET',
      url: '/api/v1/me/negotiation',
      headers: { ...client.headers, 'accept-language': 'pt-BR' },
    });
    expect(inPortuguese.json()).toMatchObject({
      detail: 'Só um negócio pode ter a Maya respondendo aos seus pedidos de orçamento.',
    });
  });

  it('are in the business’s export, floors included, and gone with the account', async () => {
    const business = await proBusiness();
    const move = await addService(app, business, { name: 'House move', priceFrom: 50000 });
    await save(
      business,
      body({ enabled: true, services: [{ serviceId: move.id, floor: 40000, keepBack: 2000 }] }),
    );
    expect((await exportOf(app, business)).negotiation).toMatchObject({
      enabled: true,
      services: [{ serviceId: move.id, floor: 40000, keepBack: 2000 }],
    });
    const client = await signUp(app, { role: 'buyer' });
    expect((await exportOf(app, client)).negotiation).toBeNull();

    await deleteAccount(app, business);
    const left = await database.db
      .select()
      .from(negotiationSettings)
      .where(eq(negotiationSettings.businessId, business.id));
    const limitsLeft = await database.db
      .select()
      .from(negotiationServiceLimits)
      .where(eq(negotiationServiceLimits.businessId, business.id));
    expect([left, limitsLeft]).toEqual([[], []]);
  });
});
