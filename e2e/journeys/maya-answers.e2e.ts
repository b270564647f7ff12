/**
 * Maya answers what was asked, and places own every "where", in English and in Portuguese at a
 * phone's width and a desktop's. A client searches, then asks something that is no search ("what
 * is the capital of France?"): a short reply, no cards, never the answer before. Saved in Braga,
 * the client says "I am in Porto, any builder near me?": the cards are measured from Porto. On
 * the account page the address search finds a landmark, "Marquês de Pombal", as a place of
 * Lisbon. Screenshots maya-answers-*-375.png and -1280.png.
 */
import type { Page } from 'playwright-core';
import { expect, ExpectationError, journey } from '../helpers/index.js';
import { resizeTo, screenshot } from '../helpers/screenshot.js';
import { BUYER, signIn } from './support.js';

const WORDS = {
  en: {
    box: 'Message to Maya',
    log: 'Conversation with Maya',
    thinking: 'Maya is thinking…',
    newChat: 'New conversation',
    search: ['A hair salon in Porto', /I found .*in Porto/],
    offTopic: ['what is the capital of France?', /^I can only help you find businesses/],
    inPorto: ['I am in Porto, any builder near me?', /I found .*near Porto/],
    fromPorto: /from the centre of Porto/,
    fromYou: /from you/,
    places: 'Find your town or city',
    // The option shows the name, then its city and country.
    landmark: /Marquês de Pombal.*Lisbon, Portugal/,
  },
  pt: {
    box: 'Mensagem para a Maya',
    log: 'Conversa com a Maya',
    thinking: 'A Maya está pensando…',
    newChat: 'Nova conversa',
    search: ['um cabeleireiro no Porto', /Encontrei .*no Porto/],
    offTopic: ['qual é a capital de França?', /^Só consigo ajudar você a encontrar empresas/],
    inPorto: ['Estou no Porto, tem algum construtor perto de mim?', /Encontrei .*perto do Porto/],
    fromPorto: /do centro do Porto/,
    fromYou: /de você|da sua localização/,
    places: 'Procure sua cidade',
    landmark: /Marquês de Pombal.*Lisboa, Portugal/,
  },
} as const;

type Language = keyof typeof WORDS;

/** Both widths the brief names: a phone and a desktop. */
async function photograph(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await resizeTo(page, width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `maya-answers-${name}`);
  }
}

/** Asks Maya; answers her words and the texts of the cards this answer added. */
async function ask(
  page: Page,
  language: Language,
  message: string,
  answer: RegExp,
): Promise<{ said: string; cards: string[] }> {
  const words = WORDS[language];
  const log = page.getByRole('log', { name: words.log });
  const lists = log.getByRole('list');
  const before = await lists.count();
  await page.getByRole('textbox', { name: words.box }).fill(message);
  await page.keyboard.press('Enter');
  const said = log.getByText(answer).last();
  await said.waitFor({ timeout: 20_000 }).catch(async () => {
    const texts = await log.locator('p').allInnerTexts();
    throw new ExpectationError(
      `to "${message}" Maya did not answer ${answer}; the conversation ends:\n${texts.slice(-6).join('\n')}`,
    );
  });
  await log
    .getByText(words.thinking)
    .waitFor({ state: 'hidden', timeout: 20_000 })
    .catch(() => undefined);
  const cards: string[] = [];
  const after = await lists.count();
  for (let index = before; index < after; index += 1) {
    cards.push(...(await lists.nth(index).getByRole('listitem').allInnerTexts()));
  }
  return { said: (await said.innerText()).trim(), cards };
}

for (const language of ['en', 'pt'] as const) {
  journey(
    `maya answers (${language}): no cards for what is no search, distances from the place named, a landmark in the address search`,
    async ({ newPage }) => {
      const words = WORDS[language];
      const session = await newPage();
      const { page } = session;
      await signIn(session, '/buyerauth', BUYER);
      const headers = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };
      const me = (await (await page.request.get('/api/v1/me', { headers })).json()) as {
        user: { location: { address: string; lat: number; lng: number } | null };
      };
      const saved = me.user.location;
      const saveLocation = async (location: typeof saved) => {
        const response = await page.request.patch('/api/v1/me', {
          headers,
          data: { location },
        });
        expect(response.ok(), `saving the location answered ${response.status()}`);
      };
      // The client's saved point is in Braga, some 50 km from Porto.
      await saveLocation({ address: 'Avenida Central 50, Braga', lat: 41.5503, lng: -8.4229 });
      try {
        await page.evaluate((code) => localStorage.setItem('language', code), language);
        await session.goto('/assistant');
        await page.getByRole('textbox', { name: words.box }).waitFor();

        // A search, then a question that is none: words only, never the answer before.
        const [searchText, searchAnswer] = words.search;
        const search = await ask(page, language, searchText, searchAnswer);
        expect(search.cards.length > 0, `"${searchText}" showed no cards`);
        const [offTopicText, offTopicAnswer] = words.offTopic;
        const reply = await ask(page, language, offTopicText, offTopicAnswer);
        expect(
          reply.cards.length === 0,
          `"${offTopicText}" showed cards: ${reply.cards.join(' | ')}`,
        );
        expect(reply.said !== search.said, `"${offTopicText}" got the search's answer again`);
        expect(reply.said.length < 260, `the reply to "${offTopicText}" is long: ${reply.said}`);
        await photograph(page, `${language}-not-a-search`);

        // A place named wins over the saved point: distances are from Porto, not from Braga.
        await resizeTo(page, 1280);
        await page.getByRole('button', { name: words.newChat }).click();
        const [inPortoText, inPortoAnswer] = words.inPorto;
        const inPorto = await ask(page, language, inPortoText, inPortoAnswer);
        expect(inPorto.cards.length > 0, `"${inPortoText}" showed no cards`);
        for (const card of inPorto.cards) {
          expect(
            words.fromPorto.test(card) && !words.fromYou.test(card),
            `a card is not measured from Porto: ${card}`,
          );
          const km = /([\d.,]+)\s*km/.exec(card)?.[1];
          expect(
            km !== undefined && Number(km.replace(',', '.')) < 30,
            `a card is far from Porto: ${card}`,
          );
        }
        await photograph(page, `${language}-named-place`);

        // The address search finds a landmark the server knows, as a place of its city.
        await session.goto('/account');
        const box = page.getByRole('combobox', { name: words.places });
        await box.waitFor();
        await box.fill('Marquês de Pombal');
        await page.getByRole('option', { name: words.landmark }).waitFor({ timeout: 10_000 });
        await photograph(page, `${language}-landmark`);
        await page.keyboard.press('Escape');
      } finally {
        await saveLocation(saved);
      }
      session.expectNoIssues();
    },
  );
}
