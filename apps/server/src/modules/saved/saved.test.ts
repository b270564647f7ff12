import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountExportSchema,
  publicProfileSchema,
  savedBusinessSchema,
  savedPageSchema,
  usersPageSchema,
} from '@maya/contracts';
import { savedBusinesses, users } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { addService } from '../../../test/services.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';

const { app } = await buildTestApp();

const client = (firstName = 'Clara') =>
  signUp(app, { role: 'buyer', category: undefined, firstName });
const business = (businessName = `Oficina ${Math.random().toString(36).slice(2, 8)}`) =>
  signUp(app, { role: 'seller', firstName: undefined, lastName: undefined, businessName });

const save = (who: SignedUp, businessId: string) =>
  app.inject({ method: 'PUT', url: `/api/v1/me/saved/${businessId}`, headers: who.headers });
const unsave = (who: SignedUp, businessId: string) =>
  app.inject({ method: 'DELETE', url: `/api/v1/me/saved/${businessId}`, headers: who.headers });
async function savedIds(who: SignedUp, query = ''): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/me/saved${query}`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return savedPageSchema.parse(response.json()).items.map((item) => item.id);
}
const block = (by: SignedUp, whom: string) =>
  app.inject({ method: 'PUT', url: `/api/v1/me/blocks/${whom}`, headers: by.headers });
const unblock = (by: SignedUp, whom: string) =>
  app.inject({ method: 'DELETE', url: `/api/v1/me/blocks/${whom}`, headers: by.headers });
const setUser = (id: string, values: Partial<typeof users.$inferInsert>) =>
  app.db.update(users).set(values).where(eq(users.id, id));

describe('saving a business', () => {
  it('saves once, answers the first time again, lists it as a card with its price, and forgets it', async () => {
    const buyer = await client();
    const shop = await business('Padaria Saved Test');
    await addService(app, shop, { name: 'Birthday cake', priceFrom: 2500 });

    const first = await save(buyer, shop.id);
    expect(first.statusCode, first.body).toBe(200);
    const answer = savedBusinessSchema.parse(first.json());
    expect(answer.businessId).toBe(shop.id);
    const again = await save(buyer, shop.id);
    expect(savedBusinessSchema.parse(again.json())).toEqual(answer);

    const page = savedPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/me/saved', headers: buyer.headers })).json(),
    );
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: shop.id,
      role: 'seller',
      fullName: 'Padaria Saved Test',
      saved: true,
      savedAt: answer.savedAt,
      fromPrice: { amount: 2500, currency: 'EUR' },
    });

    expect((await unsave(buyer, shop.id)).statusCode).toBe(204);
    expect((await unsave(buyer, shop.id)).statusCode).toBe(204);
    expect(await savedIds(buyer)).toEqual([]);
  });

  it('lists the latest saved first, paged without repeats or gaps', async () => {
    const buyer = await client();
    const shops: SignedUp[] = [];
    for (let i = 0; i < 5; i += 1) {
      const shop = await business();
      shops.push(shop);
      expect((await save(buyer, shop.id)).statusCode).toBe(200);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/me/saved?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: buyer.headers,
      });
      const page = savedPageSchema.parse(response.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(shops.map((shop) => shop.id).reverse());
  });

  it('refuses a business with clear words, and finds no client, unknown id or malformed one to save', async () => {
    const buyer = await client();
    const other = await client('Otília');
    const shop = await business();
    const refused = await save(shop, (await business()).id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Only a client saves businesses: a business has no saved list.',
    );
    const inPortuguese = await app.inject({
      method: 'GET',
      url: '/api/v1/me/saved',
      headers: { ...shop.headers, 'accept-language': 'pt-PT' },
    });
    expect(inPortuguese.statusCode).toBe(403);
    expect(inPortuguese.json().detail).toBe(
      'Só um cliente guarda empresas: uma empresa não tem lista de guardados.',
    );
    expect((await save(buyer, other.id)).statusCode).toBe(404);
    expect((await save(buyer, '01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await save(buyer, 'not-an-id')).statusCode).toBe(400);
    const badCursor = await app.inject({
      method: 'GET',
      url: '/api/v1/me/saved?cursor=nonsense',
      headers: buyer.headers,
    });
    expect(badCursor.statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/me/saved?limit=0', headers: buyer.headers }))
        .statusCode,
    ).toBe(400);
  });
});

describe('what the saved list shows', () => {
  for (const [state, values] of [
    ['hidden', { hiddenAt: new Date() }],
    ['suspended', { suspendedUntil: new Date(Date.now() + 86_400_000) }],
    ['terminated', { terminatedAt: new Date() }],
  ] as const) {
    it(`leaves out a ${state} business while it is, and lists it again once visible`, async () => {
      const buyer = await client();
      const shop = await business();
      expect((await save(buyer, shop.id)).statusCode).toBe(200);
      await setUser(shop.id, values);
      expect(await savedIds(buyer)).toEqual([]);
      expect((await save(buyer, shop.id)).statusCode).toBe(404);
      await setUser(shop.id, { hiddenAt: null, suspendedUntil: null, terminatedAt: null });
      expect(await savedIds(buyer)).toEqual([shop.id]);
    });
  }

  for (const direction of ['the client blocks the business', 'the business blocks the client']) {
    it(`leaves out a business while ${direction}, and lists it again once unblocked`, async () => {
      const buyer = await client();
      const shop = await business();
      const kept = await business();
      expect((await save(buyer, shop.id)).statusCode).toBe(200);
      expect((await save(buyer, kept.id)).statusCode).toBe(200);
      const [blocker, blocked] =
        direction === 'the client blocks the business' ? [buyer, shop] : [shop, buyer];
      expect((await block(blocker, blocked.id)).statusCode).toBe(200);
      expect(await savedIds(buyer)).toEqual([kept.id]);
      expect((await save(buyer, shop.id)).statusCode).toBe(404);
      expect((await unblock(blocker, blocked.id)).statusCode).toBe(204);
      expect(await savedIds(buyer)).toEqual([kept.id, shop.id]);
    });
  }
});

describe('the directory’s cards and the profile', () => {
  it('say to a signed-in client whether they saved the business, and nothing to anyone else', async () => {
    const buyer = await client();
    const name = `Quintal${Math.random().toString(36).slice(2, 8)}`;
    const shop = await business(name);
    const unsaved = await business(`${name} Dois`);
    expect((await save(buyer, shop.id)).statusCode).toBe(200);

    const cardsFor = async (who?: SignedUp) =>
      usersPageSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/users?q=${name}`,
            headers: who?.headers ?? {},
          })
        ).json(),
      ).items;
    const cards = await cardsFor(buyer);
    expect(Object.fromEntries(cards.map((card) => [card.id, card.saved]))).toEqual({
      [shop.id]: true,
      [unsaved.id]: false,
    });
    for (const card of await cardsFor()) expect(card).not.toHaveProperty('saved');
    for (const card of await cardsFor(await business())) expect(card).not.toHaveProperty('saved');

    const profile = async (id: string, who?: SignedUp) =>
      publicProfileSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/users/${id}`,
            headers: who?.headers ?? {},
          })
        ).json(),
      );
    expect((await profile(shop.id, buyer)).saved).toBe(true);
    expect((await profile(unsaved.id, buyer)).saved).toBe(false);
    expect(await profile(shop.id)).not.toHaveProperty('saved');
    expect(await profile(shop.id, shop)).not.toHaveProperty('saved');
  });
});

describe('the data export and account deletion', () => {
  it('exports what the client saved, hidden businesses too, and a deleted client leaves no row', async () => {
    const buyer = await client();
    const first = await business();
    const second = await business();
    const firstAt = savedBusinessSchema.parse((await save(buyer, first.id)).json()).savedAt;
    const secondAt = savedBusinessSchema.parse((await save(buyer, second.id)).json()).savedAt;
    await setUser(first.id, { hiddenAt: new Date() });

    const exported = await app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: buyer.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(accountExportSchema.parse(exported.json()).saved).toEqual([
      { businessId: second.id, savedAt: secondAt },
      { businessId: first.id, savedAt: firstAt },
    ]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: buyer.headers,
      payload: { password: buyer.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      await app.db.select().from(savedBusinesses).where(eq(savedBusinesses.buyerId, buyer.id)),
    ).toEqual([]);
  });

  it('takes a deleted business off every client’s list for good', async () => {
    const buyer = await client();
    const gone = await business();
    const kept = await business();
    expect((await save(buyer, gone.id)).statusCode).toBe(200);
    expect((await save(buyer, kept.id)).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: gone.headers,
      payload: { password: gone.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await savedIds(buyer)).toEqual([kept.id]);
    expect(
      await app.db.select().from(savedBusinesses).where(eq(savedBusinesses.businessId, gone.id)),
    ).toEqual([]);
    expect((await save(buyer, gone.id)).statusCode).toBe(404);
  });
});
