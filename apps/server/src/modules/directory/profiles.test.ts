import { describe, expect, it } from 'vitest';
import { featuredSellersSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { signUp } from '../../../test/sessions.js';

const { app, database } = await buildTestApp();
const { db } = database;

describe('public profiles', () => {
  it('shows a seller with the business email and exact location', async () => {
    const seller = await insertUser(db, { role: 'seller', email: 'shop@example.test' });
    const response = await app.inject({ method: 'GET', url: `/api/v1/users/${seller.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: seller.id,
      role: 'seller',
      fullName: `${seller.firstName} ${seller.lastName}`,
      firstName: seller.firstName,
      lastName: seller.lastName,
      imageUrl: null,
      thumbnailUrl: null,
      description: 'A test profile',
      category: 'beauty',
      location: { address: 'Rua Augusta 1, Lisbon', lat: 38.7101234, lng: -9.1365678 },
      email: 'shop@example.test',
      createdAt: seller.createdAt.toISOString(),
      // Not declared yet, and no services listed.
      trader: null,
      gallery: [],
      services: [],
    });
  });

  it("never shows a buyer's email, and shows a business the buyer's town and coordinates rounded to about 1 km", async () => {
    const buyer = await insertUser(db, { role: 'buyer', email: 'private@example.test' });
    const business = await signUp(app, { role: 'seller' });
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/users/${buyer.id}`,
      headers: business.headers,
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile.email).toBeNull();
    expect(profile.location).toEqual({ address: 'Lisbon, Portugal', lat: 38.71, lng: -9.14 });
    expect(JSON.stringify(profile)).not.toContain('private@example.test');
    expect(profile).not.toHaveProperty('passwordHash');
  });

  it('answers an unknown id with a clear 404', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/users/01900000-0000-7000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      detail: 'This profile does not exist.',
    });
  });
});

describe('listing', () => {
  it('refuses a forged cursor and an out-of-range limit with 400', async () => {
    const forged = await app.inject({ method: 'GET', url: '/api/v1/users?cursor=not-a-cursor' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { cursor: 'Invalid cursor' },
    });

    const tooMany = await app.inject({ method: 'GET', url: '/api/v1/users?limit=1000' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toHaveProperty('limit');
  });

  it('features at most eight sellers with an image, across sectors', async () => {
    for (const category of [
      'beauty',
      'construction',
      'hospitality',
      'influencer-marketing',
    ] as const) {
      for (let index = 0; index < 3; index += 1) {
        await insertUser(db, { role: 'seller', category, imageUrl: '/uploads/a.webp' });
      }
    }
    await insertUser(db, { role: 'buyer', imageUrl: '/uploads/b.webp' });
    const response = await app.inject({ method: 'GET', url: '/api/v1/users/featured' });
    expect(response.statusCode).toBe(200);
    const { items } = featuredSellersSchema.parse(response.json());
    expect(items).toHaveLength(8);
    expect(items.every((item) => item.role === 'seller' && item.imageUrl)).toBe(true);
    expect(new Set(items.map((item) => item.category)).size).toBe(4);
  });
});

describe('coordinates', () => {
  // PostgreSQL's trigonometry refuses numbers this small as an underflow; they are 0° to within a
  // centimetre, which is what coordinates are kept to.
  const tiny = { lat: -1.5936769260684887e-133, lng: 2.5e-323 };

  it('keeps a location to seven decimals, so one a hair from 0°, 0° is stored as 0°, 0°', async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: user.headers,
      payload: { location: { address: 'Gulf of Guinea', ...tiny } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.location).toEqual({ address: 'Gulf of Guinea', lat: 0, lng: 0 });

    const precise = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: user.headers,
      payload: { location: { address: 'Lisbon', lat: 38.710123449, lng: -9.136567851 } },
    });
    expect(precise.json().user.location).toEqual({
      address: 'Lisbon',
      lat: 38.7101234,
      lng: -9.1365679,
    });
  });

  it('searches near a point a hair from 0°, 0°', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/users?near=${tiny.lat},${tiny.lng}&sort=distance`,
    });
    expect(response.statusCode).toBe(200);
  });
});
