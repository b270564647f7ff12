import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountExportSchema,
  publicProfileSchema,
  servicesSchema,
  serviceSchema,
  usersPageSchema,
} from '@maya/contracts';
import { users } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertOperator } from '../../../test/moderation.js';
import { addService, serviceBody } from '../../../test/services.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';

const { app } = await buildTestApp();

const listOwn = (who: { headers: Record<string, string> }) =>
  app.inject({ method: 'GET', url: '/api/v1/me/services', headers: who.headers });

const profileOf = (id: string, who?: SignedUp) =>
  app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: who?.headers ?? {} });

const search = (query: string, who?: SignedUp) =>
  app.inject({ method: 'GET', url: `/api/v1/users?${query}`, headers: who?.headers ?? {} });

describe('a business’s own services', () => {
  it('are added, listed in order, edited, reordered and deleted by their business', async () => {
    const business = await signUp(app, { role: 'seller', businessName: 'Cais Photography' });
    const wedding = await addService(app, business, {
      name: 'Wedding photography',
      description: 'The whole day, 400 edited photos.',
      priceFrom: 90000,
      priceTo: 150000,
      unit: 'event',
    });
    const portrait = await addService(app, business, { name: 'Portrait session', priceFrom: 8000 });
    expect(wedding).toEqual({
      id: wedding.id,
      name: 'Wedding photography',
      description: 'The whole day, 400 edited photos.',
      priceFrom: 90000,
      priceTo: 150000,
      unit: 'event',
      currency: 'EUR',
    });

    let listed = await listOwn(business);
    expect(listed.statusCode).toBe(200);
    expect(servicesSchema.parse(listed.json()).items.map((item) => item.name)).toEqual([
      'Wedding photography',
      'Portrait session',
    ]);

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/me/services/${portrait.id}`,
      headers: business.headers,
      payload: serviceBody({ name: 'Portrait session', priceFrom: 9500, unit: 'session' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(serviceSchema.parse(edited.json())).toMatchObject({ priceFrom: 9500, unit: 'session' });

    const ordered = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/services/order',
      headers: business.headers,
      payload: { ids: [portrait.id, wedding.id] },
    });
    expect(ordered.statusCode).toBe(200);
    expect(servicesSchema.parse(ordered.json()).items.map((item) => item.id)).toEqual([
      portrait.id,
      wedding.id,
    ]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/me/services/${portrait.id}`,
      headers: business.headers,
    });
    expect(deleted.statusCode).toBe(204);
    listed = await listOwn(business);
    expect(servicesSchema.parse(listed.json()).items.map((item) => item.id)).toEqual([wedding.id]);
  });

  it('refuses bad input with a 400 naming each field, and loses nothing', async () => {
    const business = await signUp(app, { role: 'seller' });
    const kept = await addService(app, business, { name: 'Kept', priceFrom: 5000 });
    const bad = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ description: 'y'.repeat(301) }, 'description'],
      [{ priceFrom: 40.5 }, 'priceFrom'],
      [{ priceFrom: 0 }, 'priceFrom'],
      [{ priceFrom: 2_000_000_000 }, 'priceFrom'],
      [{ priceFrom: 5000, priceTo: 4000 }, 'priceTo'],
      [{ unit: 'fortnight' }, 'unit'],
      [{ currency: 'USD' }, 'currency'],
      [{ name: 'Tab\u0000bed' }, 'name'],
    ] as const;
    for (const [fields, field] of bad) {
      for (const [method, url] of [
        ['POST', '/api/v1/me/services'],
        ['PUT', `/api/v1/me/services/${kept.id}`],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers: business.headers,
          payload: { ...serviceBody(), ...fields },
        });
        expect(response.statusCode, `${method} ${JSON.stringify(fields)}`).toBe(400);
        const problem = response.json<{ code: string; errors: Record<string, string> }>();
        expect(problem.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(problem.errors)).toContain(field);
      }
    }
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/v1/me/services/order',
          headers: business.headers,
          payload: { ids: [kept.id, kept.id] },
        })
      ).statusCode,
    ).toBe(400);
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/services/order',
      headers: business.headers,
      payload: { ids: [] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { ids: 'Name each of your services once.' } });
    expect(servicesSchema.parse((await listOwn(business)).json()).items).toEqual([kept]);
  });

  it('holds at most twenty services, and says so in the asker’s language', async () => {
    const business = await signUp(app, { role: 'seller' });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => addService(app, business, { name: `S${index}` })),
    );
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/me/services',
      headers: { ...business.headers, 'accept-language': 'pt-PT' },
      payload: serviceBody({ name: 'One too many' }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'Uma empresa tem no máximo 20 serviços: remova um antes de juntar outro.',
    });
    const items = servicesSchema.parse((await listOwn(business)).json()).items;
    expect(items).toHaveLength(20);
    expect(new Set(items.map((item) => item.name)).size).toBe(20);
  });
});

describe('who may write and read services', () => {
  const setUp = async () => {
    const owner = await signUp(app, { role: 'seller', businessName: 'Owner Studio' });
    const service = await addService(app, owner, { name: 'Owner’s service', priceFrom: 3000 });
    return { owner, service };
  };

  it('answers another business 404 for the owner’s service, and changes nothing', async () => {
    const { owner, service } = await setUp();
    const other = await signUp(app, { role: 'seller' });
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/me/services/${service.id}`, serviceBody({ name: 'Taken over' })],
      ['DELETE', `/api/v1/me/services/${service.id}`, undefined],
    ] as const) {
      const response = await app.inject({ method, url, headers: other.headers, payload });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'This service does not exist.' });
    }
    const reordered = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/services/order',
      headers: other.headers,
      payload: { ids: [service.id] },
    });
    expect(reordered.statusCode).toBe(400);
    expect(servicesSchema.parse((await listOwn(owner)).json()).items).toEqual([service]);
    expect(servicesSchema.parse((await listOwn(other)).json()).items).toEqual([]);
  });

  it('refuses a client (403), a visitor and an operator (401)', async () => {
    const { service } = await setUp();
    const client = await signUp(app, { role: 'buyer', category: undefined });
    const moderator = await insertOperator(app.db, { role: 'admin' });
    const calls = [
      ['GET', '/api/v1/me/services', undefined],
      ['POST', '/api/v1/me/services', serviceBody()],
      ['PUT', `/api/v1/me/services/${service.id}`, serviceBody()],
      ['PUT', '/api/v1/me/services/order', { ids: [service.id] }],
      ['DELETE', `/api/v1/me/services/${service.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const asClient = await app.inject({ method, url, headers: client.headers, payload });
      expect(asClient.statusCode, `client ${method} ${url}`).toBe(403);
      expect(asClient.json()).toMatchObject({ detail: 'Only a business lists services.' });
      const asVisitor = await app.inject({
        method,
        url,
        headers: { 'x-requested-with': 'fetch' },
        payload,
      });
      expect(asVisitor.statusCode, `visitor ${method} ${url}`).toBe(401);
      const asOperator = await app.inject({ method, url, headers: moderator.headers, payload });
      expect(asOperator.statusCode, `operator ${method} ${url}`).toBe(401);
    }
  });

  it('shows a business’s services on its profile to visitors and members, and to nobody it blocked or who blocked it', async () => {
    const { owner, service } = await setUp();
    const client = await signUp(app, { role: 'buyer', category: undefined });
    const blocker = await signUp(app, { role: 'buyer', category: undefined });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/v1/me/blocks/${owner.id}`,
          headers: blocker.headers,
        })
      ).statusCode,
    ).toBe(200);

    for (const viewer of [undefined, client, owner]) {
      const profile = publicProfileSchema.parse((await profileOf(owner.id, viewer)).json());
      expect(profile.services).toEqual([service]);
    }
    expect((await profileOf(owner.id, blocker)).statusCode).toBe(404);
    // Nor do its services' words find it for the person who blocked it.
    const found = usersPageSchema.parse(
      (await search('q=Owner%E2%80%99s%20service', blocker)).json(),
    );
    expect(found.items.map((item) => item.id)).not.toContain(owner.id);
  });

  it('hides the services of a business an operator hid, from everyone but the business', async () => {
    const { owner, service } = await setUp();
    await app.db.update(users).set({ hiddenAt: new Date() }).where(eq(users.id, owner.id));
    expect((await profileOf(owner.id)).statusCode).toBe(404);
    const own = publicProfileSchema.parse((await profileOf(owner.id, owner)).json());
    expect(own.services).toEqual([service]);
  });
});

describe('the trader declaration', () => {
  it('is null until a business says, is on its profile, and is refused to a client', async () => {
    const business = await signUp(app, { role: 'seller' });
    expect(publicProfileSchema.parse((await profileOf(business.id)).json()).trader).toBeNull();
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: business.headers,
      payload: { trader: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ user: { trader: true } });
    expect(publicProfileSchema.parse((await profileOf(business.id)).json()).trader).toBe(true);

    const client = await signUp(app, { role: 'buyer', category: undefined });
    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: client.headers,
      payload: { trader: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { trader: 'Only for a business' } });
  });
});

describe('the data export and account deletion', () => {
  it('exports the services, and a deleted business leaves none, found by no search', async () => {
    const business = await signUp(app, { role: 'seller' });
    const service = await addService(app, business, {
      name: 'Quokkagrooming deluxe',
      priceFrom: 2500,
    });
    const exported = await app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: business.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(accountExportSchema.parse(exported.json()).services).toEqual([service]);
    expect(
      usersPageSchema.parse((await search('q=quokkagrooming')).json()).items.map((item) => item.id),
    ).toEqual([business.id]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: business.headers,
      payload: { password: business.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(usersPageSchema.parse((await search('q=quokkagrooming')).json()).items).toEqual([]);
    const [row] = await app.db
      .select({ text: users.servicesText, trader: users.trader })
      .from(users)
      .where(eq(users.id, business.id));
    expect(row).toEqual({ text: '', trader: null });
  });
});
