import { sellerToolOutputSchema, type SellerCard, type SellerToolOutput } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { signUp } from '../../../test/sessions.js';
import { readEvents, textOf } from '../../../test/fake-llm.js';

/** A visitor whose browser asks for Portugal's Portuguese: Maya's Portuguese follows it. */
const visitor = { 'x-requested-with': 'fetch', 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.8' };

/** A conversation as the browser keeps it: the person's words, Maya's words and tool parts. */
type Message = { id: string; role: 'user' | 'assistant'; parts: Record<string, unknown>[] };

interface Answer {
  text: string;
  /** The tool Maya called for this answer, and what it was asked. */
  tool?: { name: string; input: Record<string, any> };
  output?: SellerToolOutput;
  cards: SellerCard[];
  message: Message;
}

async function seedSellers(db: Parameters<typeof insertUser>[0]) {
  const seller = (
    name: string,
    category: 'construction' | 'hospitality' | 'beauty',
    address: string,
    [lat, lng]: [number, number],
    description: string,
  ) => {
    const [firstName, ...rest] = name.split(' ');
    return insertUser(db, {
      firstName: firstName!,
      lastName: rest.join(' '),
      category,
      address,
      lat,
      lng,
      description,
    });
  };
  return {
    invicta: await seller(
      'Canalizações Invicta',
      'construction',
      'Rua do Heroísmo 200, 4300-259 Porto',
      [41.1466, -8.596],
      'Canalizador no Porto: fugas de água, esquentadores e desentupimentos. Orçamento grátis.',
    ),
    douroPipes: await seller(
      'Douro Pipes',
      'construction',
      'Rua de Cedofeita 400, Porto',
      [41.155, -8.618],
      'Plumber for homes and offices: leaks, boilers and bathrooms. Affordable prices and fixed quotes.',
    ),
    poets: await seller(
      'Porto Poets Hostel',
      'hospitality',
      'Rua das Flores 80, 4050-265 Porto',
      [41.1429, -8.6135],
      'Budget hostel for backpackers and students in the heart of Porto: dorms and private rooms.',
    ),
    boavista: await seller(
      'Palácio Boavista Hotel',
      'hospitality',
      'Av. da Boavista 1500, Porto',
      [41.158, -8.64],
      'Luxury hotel with a spa and suites over the Boavista gardens.',
    ),
    rocha: await seller(
      'Canalizações Rocha',
      'construction',
      'Rua de Arroios 112, 1150-058 Lisboa',
      [38.729, -9.135],
      'Canalizador em Lisboa há 20 anos: fugas, torneiras e esquentadores. Urgências 24h.',
    ),
    amadora: await seller(
      'Eletro Amadora',
      'construction',
      'Rua Elias Garcia 5, 2700-312 Amadora',
      [38.754, -9.23],
      'Eletricista na Amadora: quadros elétricos, tomadas e iluminação.',
    ),
    alfama: await seller(
      'Hostel Alfama',
      'hospitality',
      'Rua dos Remédios 40, Alfama, Lisboa',
      [38.7115, -9.1295],
      'Hostel barato em Alfama: camaratas e quartos privados com vista para o rio.',
    ),
    marques: await seller(
      'Hotel Marquês',
      'hospitality',
      'Avenida da Liberdade 180, Lisboa',
      [38.7205, -9.146],
      'Hotel de luxo no centro de Lisboa, com spa e suítes.',
    ),
    riaFormosa: await seller(
      'Salão Ria Formosa',
      'beauty',
      'Rua de Santo António 60, 8000-283 Faro',
      [37.017, -7.935],
      'Cabeleireiro e manicure em Faro.',
    ),
    bomJesus: await seller(
      'Hotel Bom Jesus',
      'hospitality',
      'Monte do Bom Jesus, Tenões, Braga',
      [41.554, -8.377],
      'Hotel com vista sobre Braga, quartos com pequeno-almoço.',
    ),
  };
}

describe('Maya in conversation (built-in model)', async () => {
  const { app, database } = await buildTestApp();
  const sellers = await seedSellers(database.db);

  // Each conversation asks from its own address: anonymous visitors share a limit per address.
  let asker = 0;

  /** One turn: the conversation so far plus the new words, read as the browser reads it. */
  async function turn(
    history: Message[],
    text: string,
    from: string,
    headers: Record<string, string> = visitor,
  ): Promise<Answer> {
    const messages: Message[] = [
      ...history,
      { id: `m${history.length}`, role: 'user', parts: [{ type: 'text', text }] },
    ];
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/assistant/chat',
      headers,
      remoteAddress: from,
      payload: { messages },
    });
    expect(response.statusCode, response.body).toBe(200);
    const events = readEvents(response.body);
    expect(events.some((event) => event.type === 'error')).toBe(false);
    const call = events.find((event) => event.type === 'tool-input-available');
    const result = events.find((event) => event.type === 'tool-output-available');
    const output = result ? sellerToolOutputSchema.parse(result.output) : undefined;
    const answer = textOf(events);
    const parts: Record<string, unknown>[] = [];
    if (call && result) {
      parts.push({
        type: `tool-${call.toolName}`,
        toolCallId: call.toolCallId,
        state: 'output-available',
        input: call.input,
        output: result.output,
      });
    }
    parts.push({ type: 'text', text: answer });
    return {
      text: answer,
      tool: call ? { name: call.toolName, input: call.input } : undefined,
      output,
      cards: output?.sellers ?? [],
      message: { id: `m${history.length + 1}`, role: 'assistant', parts },
    };
  }

  /** A whole conversation; answers every message in turn and returns the answers. */
  async function converse(...texts: string[]): Promise<Answer[]> {
    return converseAs(visitor, ...texts);
  }

  /** A conversation with these headers: a signed-in person, another language on the screen. */
  async function converseAs(
    headers: Record<string, string>,
    ...texts: string[]
  ): Promise<Answer[]> {
    const history: Message[] = [];
    const answers: Answer[] = [];
    asker += 1;
    const from = `198.51.100.${asker % 250}`;
    for (const text of texts) {
      const answer = await turn(history, text, from, headers);
      history.push(
        { id: `m${history.length}`, role: 'user', parts: [{ type: 'text', text }] },
        answer.message,
      );
      answers.push(answer);
    }
    return answers;
  }

  const names = (cards: SellerCard[]) => cards.map((card) => card.name);

  describe('the language of the newest message', () => {
    it('answers short Portuguese messages in Portuguese and English ones in English', async () => {
      const [hi] = await converse('olá');
      expect(hi!.text).toMatch(/^Olá! Sou a Maya\./);
      const [hello] = await converse('hi');
      expect(hello!.text).toMatch(/^Hi! I'm Maya\./);
      const [search] = await converse('canalizador barato porto');
      expect(search!.text).toMatch(/^Encontrei 2 canalizadores no Porto/);
      const [english] = await converse('cheap plumber porto');
      expect(english!.text).toMatch(/^I found 2 plumbers in Porto/);
    });

    it('follows the asker when they switch language mid-conversation', async () => {
      const [, followUp] = await converse('plumber in Porto', 'e em Lisboa?');
      expect(followUp!.text).toMatch(/^Encontrei 1 canalizador em Lisboa: Canalizações Rocha\./);
    });
  });

  describe('plurals and place names', () => {
    it('counts one and many correctly in both languages', async () => {
      const [one] = await converse('plumber in Lisbon');
      expect(one!.text).toMatch(/^I found 1 plumber in Lisbon: Canalizações Rocha\./);
      const [many] = await converse('plumbers in Porto');
      expect(many!.text).toMatch(/^I found 2 plumbers in Porto: /);
      const [um] = await converse('canalizador em Lisboa');
      expect(um!.text).toMatch(/^Encontrei 1 canalizador em Lisboa: Canalizações Rocha\./);
      const [dois] = await converse('canalizadores no Porto');
      expect(dois!.text).toMatch(/^Encontrei 2 canalizadores no Porto: /);
    });

    it('writes "no Porto", "em Lisboa" and "na Amadora"', async () => {
      const [amadora] = await converse('eletricista na amadora');
      expect(amadora!.text).toMatch(/^Encontrei 1 eletricista na Amadora: Eletro Amadora\./);
      const [lisboa] = await converse('preciso de alojamento em lisboa');
      expect(lisboa!.text).toMatch(/em Lisboa/);
      const [porto] = await converse('alojamento no porto');
      expect(porto!.text).toMatch(/no Porto/);
    });

    it('shows the town of an address with a postcode on the card', async () => {
      const [answer] = await converse('canalizador no porto');
      const invicta = answer!.cards.find((card) => card.id === sellers.invicta.id);
      expect(invicta?.city).toBe('Porto');
      const [lisbon] = await converse('canalizador em lisboa');
      expect(lisbon!.cards[0]?.city).toBe('Lisboa');
    });
  });

  describe('when nobody fits', () => {
    it('says so plainly and labels the closest alternatives, in English', async () => {
      const [answer] = await converse('plumber in Faro');
      expect(answer!.text).toMatch(
        /^I couldn't find a plumber in Faro\. Here are some alternatives/,
      );
      expect(answer!.text).not.toMatch(/I found/);
      expect(answer!.output?.search?.fitting).toBe(0);
      expect(answer!.cards.length).toBeGreaterThan(0);
      for (const card of answer!.cards) {
        expect(card.alternative).toBe(true);
        expect(card.why).toMatch(/^Alternative: /);
      }
      // The same trade elsewhere, nearest first: Lisbon is closer to Faro than Porto.
      expect(answer!.cards[0]?.id).toBe(sellers.rocha.id);
      expect(answer!.cards[0]?.why).toMatch(/km from the centre of Faro/);
    });

    it('says so plainly and labels the closest alternatives, in Portuguese', async () => {
      const [answer] = await converse('canalizador em faro');
      expect(answer!.text).toMatch(
        /^Não encontrei nenhum canalizador em Faro\. Deixo algumas alternativas: /,
      );
      for (const card of answer!.cards) {
        expect(card.alternative).toBe(true);
        expect(card.why).toMatch(/^Alternativa: .*do centro de Faro/);
      }
    });

    it('names a place it does not know and offers nothing unrelated', async () => {
      const [answer] = await converse('vet in Berlin');
      expect(answer!.text).toBe(
        "I couldn't find a vet in Berlin. Try other words or another place.",
      );
      expect(answer!.cards).toEqual([]);
      const [pt] = await converse('cabeleireiro em viseu');
      expect(pt!.text).toMatch(/^Não encontrei nenhum cabeleireiro em Viseu\./);
      expect(pt!.cards.every((card) => card.alternative)).toBe(true);
    });

    it('does not count the next town as "in" the town asked for', async () => {
      // Amadora is within reach of Lisbon, but an electrician there is not one in Lisbon.
      const [answer] = await converse('electrician in Lisbon');
      expect(answer!.text).toMatch(/^I couldn't find an electrician in Lisbon\./);
      expect(answer!.cards[0]).toMatchObject({ id: sellers.amadora.id, alternative: true });
      expect(answer!.cards[0]?.why).toMatch(/in Amadora/);
    });
  });

  it('looks up only the latest places named, however many a message names', async () => {
    const towns = Array.from({ length: 150 }, (_, index) => `in Vila${index}`).join(', ');
    const [answer] = await converse(`plumber ${towns}, in Porto`);
    expect(answer!.tool?.input).toMatchObject({ query: 'plumber', place: 'Porto' });
    expect(answer!.text).toMatch(/^I found 2 plumbers in Porto/);
  });

  describe('small talk, vague requests and nonsense', () => {
    it('greets and thanks back without searching', async () => {
      for (const [said, reply] of [
        ['hi', /^Hi! I'm Maya/],
        ['hello there', /^Hi! I'm Maya/],
        ['olá', /^Olá! Sou a Maya/],
        ['bom dia, tudo bem?', /^Tudo bem, obrigada!/],
        ['thanks!', /^You're welcome!/],
        ['obrigada', /^De nada!/],
        ['valeu!', /^De nada!/],
        ['thank you so much, bye', /^You're welcome! .* Bye!/],
      ] as const) {
        const [answer] = await converse(said);
        expect(answer!.tool, said).toBeUndefined();
        expect(answer!.text, said).toMatch(reply);
      }
    });

    it('asks one short question when the request is too vague', async () => {
      for (const [said, reply] of [
        ['I need help', /What are you looking for, and where\?/],
        ['something good', /What are you looking for, and where\?/],
        ['preciso de ajuda', /O que procura, e onde\?/],
        ['pode me ajudar?', /O que procura, e onde\?/],
      ] as const) {
        const [answer] = await converse(said);
        expect(answer!.tool, said).toBeUndefined();
        expect(answer!.text, said).toMatch(reply);
        expect(answer!.text.match(/\?/g)).toHaveLength(1);
      }
      const [placeOnly] = await converse('algo bom no porto');
      expect(placeOnly!.text).toMatch(/^Que tipo de negócio procura no Porto\?/);
    });

    it('says it did not understand nonsense, with an example, in the right language', async () => {
      const [english] = await converse('asdfghjkl');
      expect(english!.tool).toBeUndefined();
      expect(english!.text).toMatch(
        /^I didn't understand that\. .*for example “a hair salon in Porto”/,
      );
      const [, portuguese] = await converse('olá', 'asdfgh');
      expect(portuguese!.text).toMatch(/^Não entendi\. .*por exemplo “um cabeleireiro no Porto”/);
      const [punctuation] = await converse('???');
      expect(punctuation!.text).toMatch(/^I didn't understand that\./);
    });
  });

  describe('follow-ups keep the conversation', () => {
    it('"cheaper ones?" keeps the subject and the place and says how it ranks when nobody lists prices', async () => {
      const [first, cheaper] = await converse('somewhere to stay in Porto', 'cheaper ones?');
      expect(names(first!.cards)).toEqual(
        expect.arrayContaining(['Porto Poets Hostel', 'Palácio Boavista Hotel']),
      );
      expect(cheaper!.tool?.input).toMatchObject({ place: 'Porto', budget: 'low' });
      expect(cheaper!.cards[0]?.id).toBe(sellers.poets.id);
      expect(cheaper!.text).toContain(
        'Those that describe themselves as affordable or budget come first.',
      );
      expect(cheaper!.text).toContain('A card that says it lists no prices means just that');
      expect(cheaper!.cards[0]?.why).toContain('lists no prices');
    });

    it('"mais barato" does the same in Portuguese', async () => {
      const [, cheaper] = await converse('alojamento em lisboa', 'mais barato?');
      expect(cheaper!.cards[0]?.id).toBe(sellers.alfama.id);
      expect(cheaper!.text).toMatch(/^Encontrei 2 alojamentos em Lisboa/);
      expect(cheaper!.text).toContain('Aparecem primeiro os que se descrevem como acessíveis');
      expect(cheaper!.text).toContain('peça um orçamento a esse negócio');
      expect(cheaper!.cards[0]?.why).toContain('não indica preços');
    });

    it('"which of those is closest to the centre?" names one of the cards shown', async () => {
      const [stay, closest] = await converse(
        'somewhere to stay in Lisbon',
        'which of those is closest to the city centre?',
      );
      const nearest = stay!.cards
        .filter((card) => !card.alternative)
        .toSorted((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity))[0]!;
      expect(stay!.cards.length).toBeGreaterThan(1);
      expect(closest!.tool).toEqual({ name: 'getSeller', input: { id: nearest.id } });
      expect(closest!.cards.map((card) => card.id)).toEqual([nearest.id]);
      expect(closest!.text).toMatch(
        new RegExp(
          `^Of those, ${nearest.name} is the nearest, [\\d.]+ km from the centre of Lisbon\\.$`,
        ),
      );
      const [, maisPerto] = await converse(
        'alojamento em lisboa',
        'qual deles fica mais perto do centro?',
      );
      expect(maisPerto!.cards).toHaveLength(1);
      expect(maisPerto!.text).toMatch(
        /^Desses, .+ é o mais perto, a [\d,]+ km do centro de Lisboa\.$/,
      );
    });

    it('"anywhere is fine" and "tanto faz onde" ask for alternatives at any distance', async () => {
      const [anywhere] = await converse('a tattoo artist in Faro, anywhere in Portugal is fine');
      expect(anywhere!.tool?.input).toMatchObject({ anywhere: true });
      const [, later] = await converse('canalizador em faro', 'tanto faz onde');
      expect(later!.tool?.name).toBe('searchSellers');
      expect(later!.tool?.input).toMatchObject({ anywhere: true });
      const [plain] = await converse('canalizador em faro');
      expect(plain!.tool?.input.anywhere).toBeUndefined();
    });

    it('"closest to" a landmark still searches, nearest first', async () => {
      const [, closest] = await converse(
        'somewhere to stay in Lisbon',
        'which is closest to Alfama?',
      );
      expect(closest!.tool?.name).toBe('searchSellers');
      expect(closest!.tool?.input).toMatchObject({ closest: true });
    });

    it('"and in Porto?" and "e em Braga?" change the place only', async () => {
      const [, porto] = await converse('plumber in Lisbon', 'and in Porto?');
      expect(porto!.tool?.input).toMatchObject({ query: 'plumber', place: 'Porto' });
      expect(porto!.text).toMatch(/^I found 2 plumbers in Porto/);
      const [, braga, cheaper] = await converse(
        'canalizador em lisboa',
        'e em Braga?',
        'mais barato',
      );
      expect(braga!.tool?.input).toMatchObject({ query: 'canalizador', place: 'Braga' });
      expect(braga!.text).toMatch(/^Não encontrei nenhum canalizador em Braga\./);
      expect(braga!.cards.every((card) => card.alternative)).toBe(true);
      // Still nobody in Braga: the alternatives are offered as before.
      expect(cheaper!.tool?.input).toMatchObject({ place: 'Braga', budget: 'low' });
      expect(cheaper!.text).toMatch(/^Não encontrei nenhum canalizador em Braga\./);
      expect(cheaper!.cards.every((card) => card.alternative)).toBe(true);
    });

    it('"what about a hotel there?" changes the trade and keeps the place', async () => {
      const [, hotel] = await converse('plumber in Porto', 'what about a hotel there?');
      expect(hotel!.tool?.input).toMatchObject({ sector: 'hospitality', place: 'Porto' });
      expect(names(hotel!.cards)).toContain('Palácio Boavista Hotel');
      expect(hotel!.cards.every((card) => card.sector === 'hospitality')).toBe(true);
    });

    it('"the second one" and "o segundo" open that card of the previous answer', async () => {
      const [first, second] = await converse(
        'plumbers in Porto',
        'tell me more about the second one',
      );
      expect(second!.tool).toEqual({ name: 'getSeller', input: { id: first!.cards[1]!.id } });
      expect(second!.text).toMatch(
        new RegExp(`^${first!.cards[1]!.name} is a construction company in Porto\\.`),
      );
      const [primeira, segundo] = await converse('canalizadores no porto', 'o segundo');
      expect(segundo!.tool).toEqual({ name: 'getSeller', input: { id: primeira!.cards[1]!.id } });
      expect(segundo!.text).toMatch(/é uma empresa de construção no Porto\./);
      const [, tooFar] = await converse('plumbers in Porto', 'the fifth one');
      expect(tooFar!.tool).toBeUndefined();
      expect(tooFar!.text).toBe('My last answer had only 2 sellers. Which one do you mean?');
    });

    it('"tell me more about X" and "fala-me mais do X" open the seller named', async () => {
      const [, more] = await converse('plumbers in Porto', 'tell me more about Douro Pipes');
      expect(more!.tool).toEqual({ name: 'getSeller', input: { id: sellers.douroPipes.id } });
      expect(more!.cards[0]?.why).toBe('the seller you asked about');
      const [, mais] = await converse(
        'canalizadores no porto',
        'fala-me mais da Canalizações Invicta',
      );
      expect(mais!.tool).toEqual({ name: 'getSeller', input: { id: sellers.invicta.id } });
      expect(mais!.cards[0]?.why).toBe('o vendedor que pediu');
      expect(mais!.text).toMatch(/^Canalizações Invicta é uma empresa de construção no Porto\./);
    });

    it('says which seller it needs when there is nothing to point at', async () => {
      const [answer] = await converse('the second one');
      expect(answer!.tool).toBeUndefined();
      expect(answer!.text).toMatch(/^Which seller do you mean\?/);
    });
  });

  describe("each card's why", () => {
    it('says what matched and how far, in the asker’s language', async () => {
      const [english] = await converse('plumber in Porto');
      // Each reason names the profile's own word that matched, and where.
      const douro = english!.cards.find((card) => card.id === sellers.douroPipes.id)!;
      expect(douro.why).toMatch(
        /^matches “Pipes” in the name, [\d.]+ km from the centre of Porto$/,
      );
      const invicta = english!.cards.find((card) => card.id === sellers.invicta.id)!;
      // "Canalizações Invicta": the Portuguese word for the trade, in the name.
      expect(invicta.why).toMatch(
        /^matches “Canalizações” in the name, [\d.]+ km from the centre of Porto$/,
      );
      const [portuguese] = await converse('canalizador no porto');
      const invictaPt = portuguese!.cards.find((card) => card.id === sellers.invicta.id)!;
      expect(invictaPt.why).toMatch(
        /^corresponde a “Canalizações” no nome, a [\d,]+ km do centro do Porto$/,
      );
    });
  });

  describe('messages that are not a search', () => {
    const notSearches: [string, RegExp][] = [
      ['what is the capital of France?', /^I can only help you find businesses/],
      ['qual é a capital de França?', /^Só consigo ajudar a encontrar negócios/],
      ['book an appointment with Glow Studio for Saturday', /^I find businesses; I can't book\./],
      ['quanto custa?', /^Os preços ainda não estão no Maya Market/],
      ['how much do they charge?', /^Prices aren't listed on Maya Market yet/],
      ['pode negociar o preço por mim?', /^Não consigo negociar por si/],
      ['can you negotiate a discount for me', /^I can't negotiate for you/],
      ['quero falar com uma pessoa', /^Sou a Maya, uma assistente, e não consigo/],
      ['can i talk to a real person', /^I'm Maya, an assistant, and I can't put you through/],
    ];
    it.each(notSearches)(
      '"%s" after a search gets a short reply, no cards, no replay',
      async (text, reply) => {
        const [search, answer] = await converse('plumbers in Porto', text);
        expect(search!.cards.length).toBeGreaterThan(0);
        expect(answer!.tool).toBeUndefined();
        expect(answer!.cards).toEqual([]);
        expect(answer!.text).toMatch(reply);
        expect(answer!.text).not.toBe(search!.text);
        expect(answer!.text.length).toBeLessThan(260);
      },
    );

    it('still searches when the message refines the search, price words and all', async () => {
      const [, cheaper] = await converse(
        'hostel in Porto',
        'any others cheaper? the price matters',
      );
      expect(cheaper!.tool?.name).toBe('searchSellers');
      expect(cheaper!.tool?.input).toMatchObject({ budget: 'low', place: 'Porto' });
    });

    it('still searches when the message names a trade too', async () => {
      const [answer] = await converse('how much is a cheap hostel in Porto?');
      expect(answer!.tool?.name).toBe('searchSellers');
      expect(answer!.cards.map((card) => card.id)).toContain(sellers.poets.id);
    });

    it('"show me more" says when the first answer was everyone', async () => {
      const [first, more] = await converse('hostel in Porto', 'show me more');
      const fit = first!.cards.filter((card) => !card.alternative);
      expect(fit.map((card) => card.id)).toContain(sellers.poets.id);
      // The directory's next page, after those shown.
      expect(more!.tool?.input).toMatchObject({ offset: fit.length, limit: 6 });
      expect(more!.text).toMatch(
        /^That's everyone I found in Porto: .*Porto Poets Hostel.*\. There are no more/,
      );
      expect(more!.cards.every((card) => first!.cards.some((shown) => shown.id === card.id))).toBe(
        true,
      );
      const [, mais] = await converse('canalizador no porto', 'mostra mais');
      expect(mais!.text).toMatch(/^É tudo o que encontrei no Porto: .*Não há mais para mostrar\./);
    });
  });

  describe('where', () => {
    it('a place named in the message wins over the saved point; "near me" alone uses it', async () => {
      const braga = await signUp(app, {
        role: 'buyer',
        category: undefined,
        description: '',
        location: { address: 'Avenida da Liberdade 100, Braga', lat: 41.5503, lng: -8.42 },
      });
      const headers = { ...visitor, ...braga.headers };
      const [inPorto] = await converseAs(headers, 'I am in Porto, is there a plumber near me?');
      expect(inPorto!.tool?.input).toMatchObject({ place: 'Porto', closest: true });
      expect(inPorto!.tool?.input).not.toHaveProperty('nearMe');
      const porto = inPorto!.cards.filter((card) => !card.alternative);
      expect(porto.map((card) => card.id).sort()).toEqual(
        [sellers.invicta.id, sellers.douroPipes.id].sort(),
      );
      // Measured from Porto (a few km), never from Braga (about 50 km away).
      for (const card of porto) expect(card.distanceKm!).toBeLessThan(10);
      const [nearMe] = await converseAs(headers, 'any hotel near me?');
      expect(nearMe!.tool?.input).toMatchObject({ nearMe: true });
      expect(nearMe!.cards[0]?.id).toBe(sellers.bomJesus.id);
    });

    it('names the place as it is called, never as typed, with its article', async () => {
      const [typo] = await converse('canalizador em Portto');
      expect(typo!.text).toMatch(/ no Porto/);
      expect(typo!.text).not.toMatch(/Portto/);
      const [english] = await converse('plumber in Lisboa');
      expect(english!.text).toMatch(/ in Lisbon/);
      const [portuguese] = await converse('canalizador em Lisbon');
      expect(portuguese!.text).toMatch(/ em Lisboa/);
      expect(portuguese!.text).not.toMatch(/Lisbon/);
    });
  });

  describe('Portuguese as the screen writes it', () => {
    it('writes pt-BR when the web shows Brazilian Portuguese, pt-PT when the browser asks for it', async () => {
      const web = { 'x-requested-with': 'fetch', cookie: 'maya_lang=pt' };
      const [brazil] = await converseAs(web, 'olá');
      expect(brazil!.text).toMatch(/^Oi! Eu sou a Maya\. Me diga o que você procura/);
      const [portugal] = await converse('olá');
      expect(portugal!.text).toMatch(/^Olá! Sou a Maya\. Diga-me o que procura/);
      const [distance] = await converseAs(web, 'canalizador no porto perto de mim');
      expect(distance!.text).not.toMatch(/\d\.\d km/);
      const [, price] = await converseAs(web, 'plumbers in Porto', 'quanto custa?');
      expect(price!.text).toMatch(/^Os preços ainda não aparecem no Maya Market/);
    });
  });

  describe('a business asking', () => {
    it('never gets its own profile, and is told what Maya does for a business', async () => {
      const own = await signUp(app, {
        role: 'seller',
        firstName: 'Bolos',
        lastName: 'da Estrela',
        category: 'hospitality',
        description: 'Hostel e bolos de casamento em Lisboa.',
        location: { address: 'Rua da Estrela 10, Lisboa', lat: 38.713, lng: -9.16 },
      });
      const headers = { ...visitor, ...own.headers };
      const [clients] = await converseAs(
        headers,
        'Encontre clientes para bolos de casamento em Lisboa',
      );
      expect(clients!.cards).toEqual([]);
      expect(clients!.text).toMatch(/^Ajudo clientes a encontrar negócios/);
      const [rivals] = await converseAs(headers, 'who are my competitors?');
      expect(rivals!.cards).toEqual([]);
      expect(rivals!.text).toMatch(/^I don't compare businesses/);
      const [search] = await converseAs(headers, 'hostel em lisboa');
      expect(search!.cards.map((card) => card.id)).not.toContain(own.id);
      expect(search!.cards.map((card) => card.id)).toContain(sellers.alfama.id);
      expect(search!.text).toMatch(/o seu próprio perfil fica de fora/);
    });
  });
});
