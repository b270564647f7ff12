import { describe, expect, it } from 'vitest';
import {
  ResponseSerializationError,
  serializerCompiler as providerSerializer,
  validatorCompiler as providerValidator,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUsersQuerySchema, usersPageSchema } from '@maya/contracts';
import { readsSameBothWays, serializerCompiler, validatorCompiler } from './zod-compilers.js';

const route = { method: 'GET', url: '/api/v1/users' };

const profile = {
  id: '01a22966-8b4b-716b-8816-8b3056610bcd',
  role: 'seller',
  fullName: 'Silk Hair Atelier',
  firstName: 'Silk',
  lastName: 'Hair Atelier',
  imageUrl: '/uploads/demo/01a22966-8b4b-716b-8816-8b3056610bcd.webp',
  thumbnailUrl: '/uploads/demo/01a22966-8b4b-716b-8816-8b3056610bcd-thumb.webp',
  description: 'Hair salon for cuts, colour and keratin treatments for every hair type.',
  category: 'beauty',
  location: { address: '39 River Lane, Berlin, Germany', lat: 52.563703, lng: 13.3599 },
  email: 'silk-hair-atelier-27@demo.mayamarket.example',
  createdAt: '2026-11-29T22:21:55.915Z',
  distanceKm: null,
  match: { complete: true, words: ['hair', 'salon'], fields: ['name', 'sector'] },
  trader: true,
  fromPrice: { amount: 4000, currency: 'EUR', unit: 'session' },
};

describe('the Zod compilers', () => {
  it('tells the schemas that read the same both ways from those that do not', () => {
    expect(readsSameBothWays(usersPageSchema)).toBe(true);
    expect(readsSameBothWays(z.object({ name: z.string().default('') }))).toBe(false);
    expect(readsSameBothWays(z.object({ n: z.coerce.number() }))).toBe(false);
    expect(readsSameBothWays(z.array(z.string().transform((s) => s.length)))).toBe(false);
    expect(
      readsSameBothWays(
        z.codec(z.iso.datetime(), z.date(), {
          decode: (text) => new Date(text),
          encode: (date) => date.toISOString(),
        }),
      ),
    ).toBe(false);
  });

  it("writes an answer as fastify-type-provider-zod's writer does, without what the schema does not name", () => {
    const page = {
      items: [{ ...profile, passwordHash: '$argon2id$secret' }, profile],
      nextCursor: null,
      total: { count: 2, capped: false },
      internal: 'not for the client',
    };
    const ours = serializerCompiler({ schema: usersPageSchema, ...route })(page);
    const theirs = providerSerializer({ schema: usersPageSchema, ...route })(page);
    expect(ours).toBe(theirs);
    expect(ours).not.toContain('argon2');
    expect(ours).not.toContain('internal');
    expect(JSON.parse(ours).items[0]).toMatchObject({ id: profile.id, trader: true });
  });

  it('refuses an answer that does not fit its schema, as a server error', () => {
    const write = serializerCompiler({ schema: usersPageSchema, ...route });
    expect(() => write({ items: [{ ...profile, id: 42 }], nextCursor: null })).toThrow(
      ResponseSerializationError,
    );
  });

  it('encodes a schema that does not read the same both ways, as Zod does', () => {
    const stamped = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    const write = serializerCompiler({ schema: stamped, ...route });
    expect(write({ at: new Date('2026-12-01T08:00:00.000Z') })).toBe(
      '{"at":"2026-12-01T08:00:00.000Z"}',
    );
  });

  it("parses a request, and refuses one with the provider's own issues", () => {
    const parse = validatorCompiler({ schema: findUsersQuerySchema, ...route });
    const theirs = providerValidator({ schema: findUsersQuerySchema, ...route });
    const fine = parse({ q: 'hair salon', limit: '12' });
    expect(fine).toEqual(theirs({ q: 'hair salon', limit: '12' }));
    expect(fine).toMatchObject({ value: { q: 'hair salon', limit: 12 } });
    const refused = parse({ limit: 'many' }) as { error: unknown[] };
    expect(refused.error).toEqual((theirs({ limit: 'many' }) as { error: unknown[] }).error);
    expect(refused.error[0]).toMatchObject({ instancePath: '/limit' });
  });
});
