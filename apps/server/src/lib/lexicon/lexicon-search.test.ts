import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usersPageSchema } from '@maya/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { readEvents } from '../../../test/fake-llm.js';
import { fold as sqlFold } from '../../db/schema/users.js';
import { foldLetters, foldTable } from './fold.js';
import { DEFAULT_LEXICON_DIR } from './lexicon.js';

async function search(app: FastifyInstance, q: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/users?q=${encodeURIComponent(q)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return usersPageSchema.parse(response.json()).items.map((item) => item.fullName);
}

async function askMaya(app: FastifyInstance, text: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/assistant/chat',
    headers: { 'x-requested-with': 'fetch' },
    payload: { messages: [{ id: 'm0', role: 'user', parts: [{ type: 'text', text }] }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const events = readEvents(response.body);
  const input = events.find((event) => event.type === 'tool-input-available')?.input as
    Record<string, unknown> | undefined;
  const output = events.find((event) => event.type === 'tool-output-available')?.output as
    { sellers: { name: string }[] } | undefined;
  return { input, names: output?.sellers.map((seller) => seller.name) ?? [] };
}

const TRICKY = [
  'Jørn Dahl',
  'JØRN DAHL',
  'Ærøskøbing Æble',
  'Straße STRASSE ẞ',
  'Łódź Łukasz',
  'Đorđe Ðakovo',
  'Œuvre cœur',
  'Þórshöfn',
  'São João Ñuño Çelik',
  'Šimić Dvořák Ğül Şahin İzmir',
  'Ångström Zoë François Müller',
  'Jo\u0303ao (decomposed)',
];

describe('the fold in SQL and in TypeScript', async () => {
  const { app, database } = await buildTestApp();
  const selectFold = async (text: string) => {
    const { rows } = await database.sql.executeSql(`select ${sqlFold('$1::text')} as folded`, [
      text,
    ]);
    return (rows[0] as { folded: string }).folded;
  };

  it('folds tricky names alike on both sides', async () => {
    for (const name of TRICKY) expect(await selectFold(name), name).toBe(foldLetters(name));
  });

  it('folds every letter of the table alike on both sides', async () => {
    const { from, multiple } = foldTable();
    const letters = [...from].filter((letter) => !/\p{M}/u.test(letter)).join(' ');
    expect(await selectFold(letters)).toBe(foldLetters(letters));
    const pairs = multiple.map(([letter]) => letter).join(' ');
    expect(await selectFold(pairs)).toBe(foldLetters(pairs));
  });

  it('finds a business by its own spelling and by the plain one', async () => {
    await insertUser(database.db, {
      firstName: 'Jørn',
      lastName: 'Dahl',
      category: 'construction',
      description: 'Carpentry and joinery.',
      address: 'Rua do Almada 10, Porto',
      lat: 41.1496,
      lng: -8.6109,
    });
    await insertUser(database.db, {
      firstName: 'Ærø',
      lastName: 'Straße Studio',
      category: 'beauty',
      description: 'Nails.',
      address: 'Rua Augusta 1, Lisboa',
    });
    for (const q of ['Jørn', 'jorn', 'JØRN', 'Jørn Dahl']) {
      expect(await search(app, q), q).toContain('Jørn Dahl');
    }
    for (const q of ['Ærø', 'aero', 'straße', 'strasse']) {
      expect(await search(app, q), q).toContain('Ærø Straße Studio');
    }
  });
});

describe('a word added to the lexicon data', async () => {
  // "picheleiro": a plumber in the north of Portugal, a word the shipped lexicon does not hold.
  const dir = mkdtempSync(join(tmpdir(), 'maya-lexicon-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(DEFAULT_LEXICON_DIR, dir, { recursive: true });
  const trades = JSON.parse(readFileSync(join(dir, 'trades.json'), 'utf8'));
  const plumber = trades.trades.find((trade: { id: string }) => trade.id === 'plumber');
  plumber.pt.push({ one: 'picheleiro', many: 'picheleiros', gender: 'm' });
  writeFileSync(join(dir, 'trades.json'), JSON.stringify(trades, null, 2));

  const seed = (db: Parameters<typeof insertUser>[0]) =>
    insertUser(db, {
      firstName: 'Águas',
      lastName: 'do Douro',
      category: 'construction',
      description: 'Canalizador: fugas, torneiras e esquentadores.',
      address: 'Rua de Santa Catarina 200, Porto',
      lat: 41.1488,
      lng: -8.6062,
    });

  it('is unknown to the shipped lexicon', async () => {
    const { app, database } = await buildTestApp();
    await seed(database.db);
    expect(await search(app, 'picheleiro')).toEqual([]);
    const maya = await askMaya(app, 'Preciso de um picheleiro no Porto');
    expect(maya.input?.sector).toBeUndefined();
  });

  it('is found through the search box and through Maya once it is in the data', async () => {
    const { app, database } = await buildTestApp({ LEXICON_DIR: dir });
    await seed(database.db);
    expect(await search(app, 'picheleiro')).toEqual(['Águas do Douro']);
    expect(await search(app, 'picheleiros Porto')).toEqual(['Águas do Douro']);
    const maya = await askMaya(app, 'Preciso de um picheleiro no Porto');
    expect(maya.input).toMatchObject({ sector: 'construction' });
    expect(maya.names).toEqual(['Águas do Douro']);
  });
});
