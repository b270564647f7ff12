import { describe, expect, expectTypeOf, it } from 'vitest';
import { startFakeLlm, type RecordedCall } from '../../../test/fake-llm.js';
import { cardOf, safeMessage, type CardListing } from './outbound-check.js';
import {
  createPhrasingWriter,
  phrase,
  phrasingBrief,
  phrasingPrompt,
  warmPhrasing,
  type PhrasingBrief,
} from './phrasing.js';
import { decide, type MayaService, type NegotiationAct } from './strategy.js';

const PHOTOS = '0190a4a2-0000-7000-8000-000000000001';
const CATERING = '0190a4a2-0000-7000-8000-000000000002';

// Floor 250.00 and keep-back 30.00: Maya offers down to 280.00; the list price is 400.00.
const services: MayaService[] = [
  { id: PHOTOS, listPrice: 40_000, currency: 'EUR', floor: 25_000, keepBack: 3_000 },
];
const listing: CardListing = {
  business: 'Studio Luz',
  services: [
    { id: PHOTOS, name: 'Wedding photos', priceFrom: 40_000, priceTo: null, currency: 'EUR' },
    { id: CATERING, name: 'Catering', priceFrom: 90_000, priceTo: 150_000, currency: 'EUR' },
  ],
};
const when = { from: '2030-09-12', to: '2030-09-12' };
const now = '2030-09-01T09:00:00.000Z';

/** Maya's answer to a buyer who countered 200.00 once: a concession on the curve. */
const decision = decide({
  services,
  blockedDates: [],
  request: { serviceId: PHOTOS, when, budget: { amount: 26_000, currency: 'EUR' } },
  history: [
    { by: 'maya', amount: 40_000 },
    { by: 'buyer', price: { amount: 20_000, currency: 'EUR' }, when },
  ],
  now,
});
const act = decision.act as Extract<NegotiationAct, { validUntil: string }>;
const card = cardOf(act, listing);

const writerAt = (url: string) =>
  createPhrasingWriter({
    AI_PROVIDER: 'openai-compatible',
    AI_API_KEY: undefined,
    AI_BASE_URL: url,
    AI_MODEL: 'phrasing-test',
    AI_TIMEOUT_MS: 10_000,
    AI_TEMPERATURE: 0,
  });

/** A sentence a model might write for the act, from the brief it was given. */
const goodSentence = (brief: PhrasingBrief) =>
  `${brief.label}: happy to do ${brief.service} on ${brief.when} for ${brief.amount}. The offer stays open until ${brief.validUntil}.`;

/** Every way the prompt could carry one of these amounts (minor units), in digits or in words. */
function writtenForms(amount: number): string[] {
  const major = amount / 100;
  const whole = Math.floor(major);
  const cents = String(amount % 100).padStart(2, '0');
  return [
    `${whole}.${cents}`,
    `${whole},${cents}`,
    new RegExp(`(?<![\\d.,])${whole}(?![\\d])`).source,
    String(amount),
  ];
}

function promptsOf(calls: RecordedCall[]): string {
  return calls.map((call) => JSON.stringify(call.body.messages)).join('\n');
}

describe('the phrasing brief', () => {
  it('holds the act, its numbers, the listed services and prices, the name and the language only', () => {
    const brief = phrasingBrief(act, card, 'en');
    expect(Object.keys(brief).sort()).toEqual(
      [
        'act',
        'amount',
        'business',
        'handOverReason',
        'label',
        'language',
        'listedPrices',
        'listedServices',
        'service',
        'validUntil',
        'when',
      ].sort(),
    );
    expect(brief).toMatchObject({
      act: 'offer',
      service: 'Wedding photos',
      amount: '€386.67',
      when: '12 Sept 2030',
      validUntil: '8 Sept 2030',
      listedServices: ['Wedding photos', 'Catering'],
      listedPrices: ['€400.00', '€900.00', '€1,500.00'],
      label: 'Maya (AI) for Studio Luz',
    });
    expectTypeOf<keyof PhrasingBrief>().toEqualTypeOf<
      | 'act'
      | 'handOverReason'
      | 'business'
      | 'label'
      | 'language'
      | 'service'
      | 'amount'
      | 'when'
      | 'validUntil'
      | 'listedServices'
      | 'listedPrices'
    >();
    // @ts-expect-error the floor is no field of the brief
    phrasingPrompt({ ...brief, floor: 25_000 } satisfies PhrasingBrief);
  });

  it('names no price for a hand-over', () => {
    const brief = phrasingBrief({ act: 'hand_over', reason: 'counter_limit' }, card, 'pt-PT');
    expect(brief).toMatchObject({ amount: null, when: null, validUntil: null, service: null });
    expect(brief.label).toBe('Maya (IA) em nome de Studio Luz');
  });
});

describe('phrasing through an OpenAI-compatible model', () => {
  it('keeps a sentence that passes the check, from a prompt with no floor, keep-back, minimum or step', async () => {
    const sentence = goodSentence(phrasingBrief(act, card, 'en'));
    const llm = await startFakeLlm([{ text: sentence }]);
    const phrased = await phrase(act, card, 'en', await writerAt(llm.url));
    expect(phrased).toEqual({ text: sentence, replaced: false, reasons: [], failure: null });

    expect(llm.calls).toHaveLength(1);
    const prompts = promptsOf(llm.calls);
    expect(prompts).toContain('€386.67');
    const { floor, keepBack, minimum } = {
      floor: decision.explanation.inputs.floor!,
      keepBack: decision.explanation.inputs.keepBack!,
      minimum: decision.explanation.inputs.minimum!,
    };
    const step = 40_000 - act.price.amount;
    for (const amount of [floor, keepBack, minimum, step, 40_000 - minimum]) {
      for (const form of writtenForms(amount)) expect(prompts).not.toMatch(new RegExp(form));
    }
    for (const words of [
      'two hundred and fifty',
      'duzentos e cinquenta',
      'floor',
      'minimum',
      'keep',
      'concede',
      'budget',
    ]) {
      expect(prompts.toLowerCase()).not.toContain(words);
    }
  });

  it.each([
    ['an amount not on the card', 'for €350.00', 'amount'],
    ['the floor', 'for €250.00', 'amount'],
    ['a commitment', 'for €386.67, and this is legally binding', 'commitment'],
    ['a wrong date', 'for €386.67 on 14 Sept 2030', 'date'],
  ])('replaces a sentence with %s by the template', async (_, planted, kind) => {
    const brief = phrasingBrief(act, card, 'en');
    const llm = await startFakeLlm([{ text: `${brief.label}: ${brief.service} ${planted}.` }]);
    const phrased = await phrase(act, card, 'en', await writerAt(llm.url));
    expect(phrased.replaced).toBe(true);
    expect(phrased.text).toBe(safeMessage(act, card, 'en'));
    expect(phrased.reasons.map((reason) => reason.kind)).toContain(kind);
  });

  it('sends the template when the model fails', async () => {
    const llm = await startFakeLlm([{ status: 500 }]);
    const phrased = await phrase(act, card, 'pt-BR', await writerAt(llm.url));
    expect(phrased).toEqual({
      text: safeMessage(act, card, 'pt-BR'),
      replaced: true,
      reasons: [],
      failure: 'model_error',
    });
  });

  it('sends the template when the model does not answer in time', async () => {
    const llm = await startFakeLlm([{ delayMs: 2_000 }]);
    const writer = await writerAt(llm.url);
    if (writer === 'templates') throw new Error('expected a model');
    const phrased = await phrase(act, card, 'en', { ...writer, timeoutMs: 50 });
    expect(phrased.text).toBe(safeMessage(act, card, 'en'));
    expect(phrased.failure).toBe('timeout');
  });
});

describe('phrasing with the built-in templates', () => {
  it('sends the template, which passes the check', async () => {
    for (const language of ['en', 'pt-PT', 'pt-BR']) {
      const phrased = await phrase(act, card, language, 'templates');
      expect(phrased).toEqual({
        text: safeMessage(act, card, language),
        replaced: false,
        reasons: [],
        failure: null,
      });
    }
  });

  it('is the writer when no hosted provider is configured', async () => {
    const writer = await createPhrasingWriter({
      AI_PROVIDER: 'builtin',
      AI_API_KEY: undefined,
      AI_BASE_URL: undefined,
      AI_MODEL: undefined,
      AI_TIMEOUT_MS: 1_000,
      AI_TEMPERATURE: 0,
    });
    expect(writer).toBe('templates');
  });

  it('warms up by saying a labelled offer in each language', async () => {
    const said = await warmPhrasing('templates');
    expect(said).toHaveLength(3);
    expect(said[0]).toMatch(/^Maya \(AI\) for Maya Market: .*€450\.00/);
    expect(said[1]).toMatch(/^Maya \(IA\) em nome de Maya Market: .*450,00\s€/);
    expect(said[2]).toMatch(/^Maya \(IA\) em nome de Maya Market: .*R\$\s450,00/);
  });
});
