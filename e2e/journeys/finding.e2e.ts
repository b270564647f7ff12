/**
 * Finding with misspelt words, in Portuguese. A client types a trade and a city with typos into
 * the directory and still gets the seller the correctly spelt search finds, with a count line
 * "N results near Lisbon"; a request nobody can meet shows partial matches, labelled so. Then
 * Maya, asked in misspelt Portuguese, answers in Portuguese with the right seller's card; a
 * follow-up ("e em Lisboa?") changes the list; a trade nobody offers is answered "Não encontrei…"
 * with any cards marked as alternatives. Every screen passes axe at 360/768/1280 px (finding-*.png).
 *
 * The expected sellers are not written down here: the journey asks the server's directory for
 * the correctly spelt words first, so a change to the demo data moves the expectation with it.
 */
import type { Page } from 'playwright-core';
import { expect, ExpectationError, journey } from '../helpers/index.js';
import { BUYER, cardNames, Findings, signIn } from './support.js';

interface DirectoryAnswer {
  items: { fullName: string; match?: { complete: boolean } }[];
  total?: { count: number; capped: boolean };
  understood?: { place: { name: string } | null };
}

/** What the directory's API answers for these words, as the signed-in client's browser asks. */
async function directory(page: Page, q: string): Promise<DirectoryAnswer> {
  const response = await page.request.get(
    `/api/v1/users?${new URLSearchParams({ role: 'seller', limit: '24', q })}`,
  );
  expect(response.ok(), `GET /api/v1/users?q=${q} answered ${response.status()}`);
  return (await response.json()) as DirectoryAnswer;
}

/** Waits until the directory has answered `q` and its cards satisfy `check`. */
async function searchFor(
  page: Page,
  q: string,
  what: string,
  check: (names: string[]) => boolean,
): Promise<string[]> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/users' &&
      new URL(response.url()).searchParams.get('q') === q,
    { timeout: 15_000 },
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(q);
  await answered;
  const deadline = Date.now() + 10_000;
  let names: string[] = [];
  while (Date.now() < deadline) {
    if ((await page.getByRole('status', { name: 'Loading…' }).count()) === 0) {
      names = await cardNames(page);
      if (check(names)) return names;
    }
    await page.waitForTimeout(200);
  }
  throw new ExpectationError(
    `${page.url()}: for "${q}" expected ${what}; the directory shows ${JSON.stringify(names)}`,
  );
}

interface Card {
  name: string;
  text: string;
}

/** The seller cards of Maya's answer to `message`: only the cards that answer added. */
async function ask(page: Page, message: string, answer: RegExp): Promise<Card[]> {
  const log = page.getByRole('log', { name: 'Conversation with Maya' });
  const lists = log.getByRole('list');
  const before = await lists.count();
  const box = page.getByRole('textbox', { name: 'Message to Maya' });
  await box.fill(message);
  await page.keyboard.press('Enter');
  await log
    .getByText(answer)
    .last()
    .waitFor({ timeout: 20_000 })
    .catch(async () => {
      const said = await log.locator('p').allInnerTexts();
      throw new ExpectationError(
        `to "${message}" Maya did not answer ${answer}; the conversation ends:\n${said.slice(-6).join('\n')}`,
      );
    });
  await log.getByText('Maya is thinking…').waitFor({ state: 'hidden', timeout: 20_000 });
  const cards: Card[] = [];
  const after = await lists.count();
  for (let index = before; index < after; index += 1) {
    for (const item of await lists.nth(index).getByRole('listitem').all()) {
      const link = await item.getByRole('link', { name: /^View Profile/ }).textContent();
      cards.push({
        name: (link ?? '').replace(/^View Profile:\s*/, '').trim(),
        text: await item.innerText(),
      });
    }
  }
  return cards;
}

journey(
  'finding: misspelt Portuguese finds the right seller in the directory and with Maya',
  async ({ newPage }) => {
    const findings = new Findings('finding');
    await findings.run(async () => {
      const buyer = findings.track('client', await newPage());
      const page = buyer.page;
      await signIn(buyer, '/buyerauth', BUYER);
      await page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();

      // Spelt right, the directory knows who renovates kitchens in Lisbon…
      const right = await directory(page, 'renovação de cozinha em lisboa');
      const kitchen = right.items[0];
      expect(
        kitchen?.match?.complete && right.understood?.place?.name === 'Lisbon',
        `"renovação de cozinha em lisboa" found no complete match near Lisbon: ${JSON.stringify(right).slice(0, 600)}`,
      );

      // …and the client, typing it misspelt ("renovasão", "cosinha", "lisbao"), gets them too.
      const typed = 'renovasão de cosinha em lisbao';
      const found = await searchFor(
        page,
        typed,
        `${kitchen.fullName} among the first three cards`,
        (names) => names.slice(0, 3).includes(kitchen.fullName),
      );
      // The count says what the cards are: "N results", or "N exact, M close" beside partial
      // matches.
      const count = page.getByRole('status').filter({ hasText: /(results?|close) near/ });
      await count.waitFor({ timeout: 10_000 });
      const countLine = (await count.innerText()).trim();
      const counted = /^(\d+) results? near Lisbon$|^(\d+) exact, (\d+) close near Lisbon$/.exec(
        countLine,
      );
      expect(
        counted,
        `for "${typed}" the count line reads "${countLine}", expected "N results near Lisbon"`,
      );
      const shown = counted[1] ? Number(counted[1]) : Number(counted[2]) + Number(counted[3]);
      expect(
        shown >= 1 && shown <= found.length,
        `the count line says ${shown} for ${found.length} card(s) shown`,
      );
      await buyer.settle();
      await findings.screen(buyer, 'directory-misspelt');

      // A trade nobody offers: the closest matches, each labelled a partial match.
      const vet = 'veterinário em lisboa';
      const partial = await searchFor(page, vet, 'some cards', (names) => names.length > 0);
      await page
        .getByText('Nothing matches every word. These are the closest matches.')
        .waitFor({ timeout: 5_000 });
      const unlabelled = await page
        .getByRole('article')
        .filter({ hasNotText: 'Partial match' })
        .count();
      expect(
        unlabelled === 0,
        `for "${vet}" ${unlabelled} of ${partial.length} card(s) are not labelled "Partial match"`,
      );
      await buyer.settle();
      await findings.screen(buyer, 'directory-partial');

      // Maya, in misspelt Portuguese: the hairdresser the directory finds in Porto.
      const hair = (await directory(page, 'cabeleireiro no porto')).items[0];
      expect(
        hair?.match?.complete,
        'the directory finds no complete match for a Porto hairdresser',
      );
      await buyer.goto('/assistant');
      await page.getByRole('heading', { level: 1, name: 'AI ASSISTANT' }).waitFor();
      await page.getByText('Ready to answer').waitFor();

      const porto = await ask(
        page,
        'preciso de um cabelereiro no portto',
        /^Encontrei \d+ cabeleireiros?\b.*\./,
      );
      expect(
        porto.some((card) => card.name === hair.fullName && !/Alternativa/.test(card.text)),
        `Maya's cards for a hairdresser in Porto are ${JSON.stringify(porto.map((c) => c.name))}, expected ${hair.fullName} (not as an alternative)`,
      );

      // The follow-up moves the search to Lisbon, where the demo has no hairdresser.
      const lisbon = await ask(
        page,
        'e em Lisboa?',
        /^Não encontrei nenhum cabeleireiro em Lisboa\./,
      );
      const sameList =
        lisbon.length === porto.length && lisbon.every((card, i) => card.name === porto[i]?.name);
      expect(
        !sameList && lisbon.length > 0,
        `after "e em Lisboa?" Maya shows ${JSON.stringify(lisbon.map((c) => c.name))}, expected a different list than in Porto`,
      );
      const notAlternatives = lisbon.filter((card) => !card.text.includes('Alternativa'));
      expect(
        notAlternatives.length === 0,
        `in Lisbon these cards are not labelled "Alternativa": ${JSON.stringify(notAlternatives)}`,
      );

      // Nobody on Maya Market is a vet: Maya says so, and offers nothing as if it were one.
      const vets = await ask(
        page,
        'preciso de um veterinário em Lisboa',
        /^Não encontrei nenhum veterinário em Lisboa\./,
      );
      const vetCards = vets.filter((card) => !card.text.includes('Alternativa'));
      expect(
        vetCards.length === 0,
        `for a vet Maya shows cards that are not alternatives: ${JSON.stringify(vetCards)}`,
      );
      await buyer.settle();
      await findings.screen(buyer, 'maya');
    });
  },
  { timeoutMs: 180_000 },
);
