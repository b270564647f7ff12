import { sellerToolOutputSchema, type SellerToolOutput } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { services } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { readEvents, textOf } from '../../../test/fake-llm.js';

/** Maya's built-in model answering budgets from the services businesses list. */
describe('Maya and budgets (built-in model)', async () => {
  const { app, database } = await buildTestApp();
  const { db } = database;

  /** A Porto hairdresser, with its services' from-prices in euros (none: it lists no price). */
  async function salon(name: string, lng: number, prices: [number, 'hour' | 'session'][]) {
    const [firstName, ...rest] = name.split(' ');
    const user = await insertUser(db, {
      firstName: firstName!,
      lastName: rest.join(' '),
      category: 'beauty',
      address: 'Rua de Santa Catarina 100, Porto',
      lat: 41.15,
      lng,
      description: 'Cabeleireiro no Porto: cortes, cor e brushing.',
    });
    if (prices.length > 0) {
      await db.insert(services).values(
        prices.map(([priceFrom, unit], position) => ({
          id: uuidv7(),
          userId: user.id,
          position,
          name: `Corte ${position + 1}`,
          description: '',
          priceFrom,
          priceTo: null,
          unit,
          currency: 'EUR' as const,
        })),
      );
    }
    return user;
  }
  const cheap = await salon('Salão Económico', -8.606, [[2500, 'session']]);
  const middle = await salon('Salão Médio', -8.607, [[4000, 'session']]);
  const dear = await salon('Salão Caro', -8.608, [[9000, 'session']]);
  const unpriced = await salon('Salão Sem Preço', -8.609, []);

  let asker = 0;
  async function ask(
    text: string,
    language = 'en',
  ): Promise<{ text: string; input: Record<string, unknown>; output: SellerToolOutput }> {
    asker += 1;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/assistant/chat',
      headers: { 'x-requested-with': 'fetch', 'accept-language': language },
      remoteAddress: `198.51.100.${asker}`,
      payload: { messages: [{ id: 'm0', role: 'user', parts: [{ type: 'text', text }] }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const events = readEvents(response.body);
    const call = events.find((event) => event.type === 'tool-input-available');
    const result = events.find((event) => event.type === 'tool-output-available');
    return {
      text: textOf(events),
      input: call?.input as Record<string, unknown>,
      output: sellerToolOutputSchema.parse(result?.output),
    };
  }

  it('shows only the businesses whose prices fit an amount, cheapest first, saying the price', async () => {
    const answer = await ask('hairdresser in porto under 50 euros');
    expect(answer.input).toMatchObject({ maxPrice: 5000, currency: 'EUR', budget: 'low' });
    expect(answer.output.sellers.map((card) => card.id)).toEqual([cheap.id, middle.id]);
    expect(answer.output.sellers[0]!.why).toContain('from €25 per session, within your €50');
    expect(answer.output.sellers[0]!.fromPrice).toEqual({
      amount: 2500,
      currency: 'EUR',
      unit: 'session',
    });
    expect(answer.output.search?.price).toMatchObject({ max: 5000, within: 2, above: 0 });
    expect(answer.text).toContain('They list prices within your €50, cheapest first.');
    expect(answer.text).not.toContain("Prices aren't listed");
  });

  it('reads a Portuguese amount and answers in Portuguese', async () => {
    const answer = await ask('cabeleireiro no porto até 30€', 'pt-PT');
    expect(answer.output.sellers.map((card) => card.id)).toEqual([cheap.id]);
    // The locale's money format: "25 €" or "€ 25".
    expect(answer.output.sellers[0]!.why).toMatch(
      /a partir de (25\s€|€\s25) por sessão, dentro dos seus (30\s€|€\s30)/,
    );
    expect(answer.text).toMatch(/Indicam preços dentro dos seus/);
  });

  it('says when nobody lists a price within it, offers the nearest above and says who lists none', async () => {
    const answer = await ask('hairdresser in porto max 20 euros');
    const ids = answer.output.sellers.map((card) => card.id);
    expect(ids.slice(0, 3)).toEqual([cheap.id, middle.id, dear.id]);
    expect(ids).toContain(unpriced.id);
    expect(answer.output.sellers[0]!.why).toContain('from €25 per session, above your €20');
    const none = answer.output.sellers.find((card) => card.id === unpriced.id)!;
    expect(none.why).toContain('lists no prices');
    expect(none.fromPrice).toBeUndefined();
    expect(answer.text).toContain(
      'Nobody here lists a price within your €20, so the nearest above it come first.',
    );
  });

  it("says each price for a cheapness cue, and which list none, in the directory's order", async () => {
    const answer = await ask('cheap hairdresser in porto');
    expect(answer.input).toMatchObject({ budget: 'low' });
    expect(answer.input).not.toHaveProperty('maxPrice');
    const cards = answer.output.sellers;
    expect(cards.map((card) => card.id)).toEqual(
      expect.arrayContaining([cheap.id, middle.id, dear.id, unpriced.id]),
    );
    expect(cards.find((card) => card.id === cheap.id)?.why).toContain('from €25 per session');
    expect(cards.find((card) => card.id === dear.id)?.why).toContain('from €90 per session');
    expect(cards.find((card) => card.id === unpriced.id)?.why).toContain('lists no prices');
    expect(answer.text).toContain('A card that says it lists no prices means just that');
  });
});
