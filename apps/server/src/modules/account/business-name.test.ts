import { describe, expect, it } from 'vitest';
import {
  legacySessionAnswerSchema,
  meResponseSchema,
  problemSchema,
  publicProfileSchema,
  usersPageSchema,
} from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { sameOrigin, signUp } from '../../../test/sessions.js';

const { app } = await buildTestApp();

const signupPayload = (overrides: Record<string, unknown>) => ({
  email: `name-${Math.random().toString(36).slice(2, 10)}@example.test`,
  password: 'a long enough passphrase',
  description: 'Bread every morning',
  ...overrides,
});

describe("a business's name", () => {
  it('is asked instead of a first and last name, and is the name shown everywhere', async () => {
    const business = await signUp(app, {
      firstName: undefined,
      lastName: undefined,
      businessName: 'Padaria Doce Lar',
      category: 'food-drink',
    });
    const me = meResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/me', headers: business.headers })).json(),
    ).user;
    expect(me).toMatchObject({ fullName: 'Padaria Doce Lar', category: 'food-drink' });

    const profile = publicProfileSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/users/${business.id}` })).json(),
    );
    expect(profile.fullName).toBe('Padaria Doce Lar');

    // The directory's cards carry it, and a search by it finds the business.
    const page = usersPageSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/users?role=seller&q=${encodeURIComponent('Doce Lar')}`,
        })
      ).json(),
    );
    expect(page.items.find((item) => item.id === business.id)?.fullName).toBe('Padaria Doce Lar');
  });

  it('is required of a business that gives no first and last name, and a client still gives those', async () => {
    const business = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupPayload({ role: 'seller' }),
    });
    expect(business.statusCode).toBe(400);
    expect(problemSchema.parse(business.json()).errors).toEqual({ businessName: 'Required.' });

    const client = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: signupPayload({ role: 'buyer', businessName: 'Not asked' }),
    });
    expect(client.statusCode).toBe(400);
    expect(problemSchema.parse(client.json()).errors).toEqual({
      firstName: 'Required.',
      lastName: 'Required.',
    });
  });

  it('is changed by its business on the account, and refused for a client', async () => {
    const business = await signUp(app);
    const renamed = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { ...business.headers, ...sameOrigin },
      payload: { businessName: 'Casa do Pão' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(meResponseSchema.parse(renamed.json()).user.fullName).toBe('Casa do Pão');

    const client = await signUp(app, { role: 'buyer', category: null });
    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { ...client.headers, ...sameOrigin },
      payload: { businessName: 'Mine' },
    });
    expect(refused.statusCode).toBe(400);
    expect(problemSchema.parse(refused.json()).errors).toEqual({
      businessName: 'Only for a business',
    });
  });

  it('takes any sector of the list, "other" included, and the first four still', async () => {
    const business = await signUp(app, { category: 'beauty' });
    for (const category of ['pets', 'other', 'hospitality']) {
      const saved = await app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        headers: { ...business.headers, ...sameOrigin },
        payload: { category },
      });
      expect(saved.statusCode).toBe(200);
      expect(meResponseSchema.parse(saved.json()).user.category).toBe(category);
    }
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { ...business.headers, ...sameOrigin },
      payload: { category: 'bakery' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("comes whole from the old client's `fullname` for a business", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: signupPayload({ role: 'seller', fullname: 'Padaria Central de Braga' }),
    });
    expect(response.statusCode).toBe(201);
    const answer = legacySessionAnswerSchema.parse(response.json());
    expect(answer.data.fullname).toBe('Padaria Central de Braga');

    const oneWord = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: signupPayload({ role: 'seller', fullname: 'Bakery' }),
    });
    expect(oneWord.statusCode).toBe(201);
    expect(legacySessionAnswerSchema.parse(oneWord.json()).data.fullname).toBe('Bakery');
  });
});
