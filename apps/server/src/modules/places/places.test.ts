import { describe, expect, it } from 'vitest';
import { placesAnswerSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { nextAddress } from '../../../test/sessions.js';

const { app } = await buildTestApp();

const search = (query: string, remoteAddress = nextAddress()) =>
  app.inject({ method: 'GET', url: `/api/v1/places?${query}`, remoteAddress });

describe('GET /places', () => {
  it('answers towns whose name starts with the text, labelled with their country', async () => {
    const response = await search('q=lisb&limit=3');
    expect(response.statusCode).toBe(200);
    const { items } = placesAnswerSchema.parse(response.json());
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ name: 'Lisbon', country: 'PT', label: 'Lisbon, Portugal' });
    expect(items[0]!.lat).toBeCloseTo(38.72, 1);
    expect(items[0]!.lng).toBeCloseTo(-9.14, 1);
    expect(items.map((item) => item.label)).toContain('Lisburn, Northern Ireland, United Kingdom');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('names the division of US namesakes and the country in the language asked', async () => {
    const lisbons = placesAnswerSchema.parse((await search('q=Lisbon,%20US&limit=10')).json());
    expect(lisbons.items.map((item) => item.label)).toContain('Lisbon, Ohio, United States');
    const brazil = placesAnswerSchema.parse((await search('q=S%C3%A3o%20Paulo&lang=pt')).json());
    expect(brazil.items[0]).toMatchObject({ name: 'São Paulo', label: 'São Paulo, Brasil' });
  });

  it('answers the landmarks and neighbourhoods it knows, as places of their city', async () => {
    for (const [query, name, city] of [
      ['q=Marqu%C3%AAs%20de%20Pombal', 'Marquês de Pombal', 'Lisbon'],
      ['q=marques%20de%20pom', 'Marquês de Pombal', 'Lisbon'],
      ['q=avenida%20da%20liberdade', 'Avenida da Liberdade', 'Lisbon'],
    ] as const) {
      const { items } = placesAnswerSchema.parse((await search(query)).json());
      const landmark = items.find((item) => item.name === name);
      expect(landmark, query).toMatchObject({ country: 'PT', label: `${name}, ${city}, Portugal` });
      expect(landmark!.lat).toBeCloseTo(38.72, 1);
    }
    const { items } = placesAnswerSchema.parse(
      (await search('q=marques%20de%20pombal&lang=pt')).json(),
    );
    expect(items.map((item) => item.label)).toContain('Marquês de Pombal, Lisboa, Portugal');
    // A town's first letters stay the town's: no landmark crowds them out.
    const towns = placesAnswerSchema.parse((await search('q=lisb&limit=3')).json());
    expect(towns.items.every((item) => item.id > 0)).toBe(true);
  });

  it('answers an empty list for text that names no town', async () => {
    const response = await search('q=qwertyuiop');
    expect(placesAnswerSchema.parse(response.json())).toEqual({ items: [] });
  });

  it('refuses a missing, empty, too long or control-character text and a limit out of range', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(101)}`,
      'q=lis%00bon',
      'q=lisbon&limit=0',
      'q=lisbon&limit=11',
      'q=lisbon&limit=two',
      'q=lisbon&lang=%3Cscript%3E',
    ]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type'], query).toMatch(/^application\/problem\+json/);
    }
  });

  it('limits one address to 120 searches a minute', async () => {
    const address = nextAddress();
    const statuses = [];
    for (let count = 0; count < 121; count += 1) {
      statuses.push((await search('q=po', address)).statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
