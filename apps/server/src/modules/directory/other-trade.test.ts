import { usersPageSchema } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { createDirectoryRepository } from './directory.repository.js';
import { createDirectoryService } from './directory.service.js';
import { namesAnotherTrade, searchWords } from './search-terms.js';

const { app, database } = await buildTestApp();
const { db } = database;
const directory = createDirectoryService(createDirectoryRepository(db));
const lisbon = { lat: 38.7223, lng: -9.1393 };
const base = Date.UTC(2026, 5, 1);
let made = 0;
const beauty = (fields: Parameters<typeof insertUser>[1]) =>
  insertUser(db, {
    role: 'seller',
    category: 'beauty',
    address: 'Rua Garrett 50, Lisboa',
    createdAt: new Date(base + (made += 1000)),
    ...fields,
  });

// The barbershop is the newest and the nearest to the centre, and its description uses a
// hairdresser's words ("corte de cabelo"); the hairdressers say what they are.
await beauty({
  firstName: 'Salão',
  lastName: 'Rosa',
  description: 'Cabeleireiro de senhora: madeixas, balayage e penteados.',
  lat: 38.71,
  lng: -9.142,
});
await beauty({
  firstName: 'Estúdio',
  lastName: 'Graça',
  description: 'Cabeleireiro de bairro, brushing e pintura, sem marcação.',
  lat: 38.7165,
  lng: -9.1305,
});
await beauty({
  firstName: 'Barbearia',
  lastName: 'Lusitana',
  description: 'Barbearia clássica. Corte de cabelo, barba com toalha quente e navalha.',
  lat: 38.7224,
  lng: -9.1394,
});

const names = (profiles: { fullName: string }[]) => profiles.map((profile) => profile.fullName);

describe('a business whose name says it is another trade of the sector', () => {
  it('is told by the trades of the lexicon, and kin trades stand in for each other', () => {
    const says = (name: string, words: string) =>
      namesAnotherTrade(searchWords(name), searchWords(words));
    expect(says('Barbearia Lusitana', 'cabeleireiro')).toBe(true);
    expect(says('Oeiras Barber Club', 'hairdresser')).toBe(true);
    expect(says('Barbearia Lusitana', 'barbeiro')).toBe(false);
    // "corte" and "cabelo" are a barber's words too ("corte masculino", "cabelo de homem").
    expect(says('Barbearia Lusitana', 'corte de cabelo')).toBe(false);
    // A name that says both trades, or a generic one, is no other trade.
    expect(says('Cabeleireiro e Barbearia Sá', 'cabeleireiro')).toBe(false);
    expect(says('Salão Rosa', 'cabeleireiro')).toBe(false);
    // A hostel is a place to stay as a hotel is (the lexicon's "place to stay" includes both).
    expect(says('Porto Poets Hostel', 'hotel')).toBe(false);
    // Another sector's trade is not this sector's other trade.
    expect(says('Canalizador Lopes', 'cabeleireiro')).toBe(false);
  });

  it('is a partial match after the trade asked for, in the search box', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/users?q=cabeleireiro' });
    const page = usersPageSchema.parse(response.json());
    expect(names(page.items)).toEqual(['Salão Rosa', 'Estúdio Graça', 'Barbearia Lusitana']);
    expect(page.items.map((item) => item.match?.complete)).toEqual([true, true, false]);

    const barbers = usersPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/users?q=barbeiro' })).json(),
    );
    expect(names(barbers.items)).toEqual(['Barbearia Lusitana']);
    expect(barbers.items[0]!.match?.complete).toBe(true);
  });

  it('is not among the businesses that fit for Maya, nearest first or not', async () => {
    for (const closest of [false, true]) {
      const found = await directory.searchBusinesses(null, {
        words: 'cabeleireiro',
        sector: 'beauty',
        near: lisbon,
        radiusKm: 20,
        closest,
        synonyms: ['cabelo', 'cabelos', 'corte', 'madeixas', 'escova'],
      });
      expect(names(found.fitting.map((business) => business.profile)).sort()).toEqual([
        'Estúdio Graça',
        'Salão Rosa',
      ]);
      expect(names(found.shown.map((business) => business.profile))).not.toContain(
        'Barbearia Lusitana',
      );
    }
    const barbers = await directory.searchBusinesses(null, {
      words: 'barbeiro',
      sector: 'beauty',
      near: lisbon,
      radiusKm: 20,
    });
    expect(names(barbers.fitting.map((business) => business.profile))).toEqual([
      'Barbearia Lusitana',
    ]);
  });
});
