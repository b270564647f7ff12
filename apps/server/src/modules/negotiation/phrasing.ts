import type { LanguageModel } from 'ai';
import type { Config } from '../../config.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { localeOf, locales, wordsFor, type Locale } from '../../lib/i18n/index.js';
import { createHostedModel } from '../assistant/hosted-model.js';
import { dayText, moneyText, windowText } from '../deals/deal-words.js';
import {
  cardOf,
  checkOutbound,
  guardMessage,
  type CardListing,
  safeMessage,
  type OfferCard,
  type OutboundReason,
} from './outbound-check.js';
import type { HandOverReason, NegotiationAct } from './strategy.js';

/**
 * The language step: the act the strategy chose, said in the asker's language. The built-in
 * templates say it (`safeMessage`), or a hosted model phrases it from a brief that holds only what
 * the buyer may read: the act, its numbers and days, the listed services and prices, the business's
 * name and the language. Whatever the model writes passes the outbound check or is replaced by the
 * template; a model that fails or is too slow is replaced too.
 */

/**
 * Everything a language model is told. The floor, the keep-back, the curve's step, the minimum,
 * the strategy's explanation and the buyer's own words are not fields of it, so no prompt can
 * carry them.
 */
export interface PhrasingBrief {
  act: 'offer' | 'final_offer' | 'accept' | 'hand_over';
  /** Why Maya hands over, for a hand-over. */
  handOverReason: HandOverReason | null;
  business: string;
  /** "Maya (AI) for {business}", in the language: every message starts with it. */
  label: string;
  language: Locale;
  /** The service the act names, or null. */
  service: string | null;
  /** The act's price as the reader writes it ("€300.00", "R$ 1.200,00"), or null. */
  amount: string | null;
  /** The act's days ("12–14 Sept 2030"), or null. */
  when: string | null;
  /** The offer's real valid-until day, or null (an accept or a hand-over). */
  validUntil: string | null;
  /** The services the business lists, by name. */
  listedServices: string[];
  /** Every price the business lists, as the reader writes it. */
  listedPrices: string[];
}

/** The brief of an act, from its card: nothing the card does not hold. */
export function phrasingBrief(
  act: NegotiationAct,
  card: OfferCard,
  language: string,
): PhrasingBrief {
  const locale = localeOf(language) ?? 'en';
  const money = (amount: number) =>
    card.currency === null ? null : moneyText({ amount, currency: card.currency }, locale);
  const spoken = act.act !== 'hand_over';
  return {
    act: act.act,
    handOverReason: act.act === 'hand_over' ? act.reason : null,
    business: card.business,
    label: wordsFor(locale, 'negotiation')('label', { business: card.business }),
    language: locale,
    service: spoken ? card.service : null,
    amount: spoken ? moneyText(act.price, locale) : null,
    when: spoken ? windowText(act.when, locale) : null,
    validUntil:
      act.act === 'offer' || act.act === 'final_offer' ? dayText(act.validUntil, locale) : null,
    listedServices: card.names.filter((name) => name !== card.business),
    listedPrices: [...new Set(card.listedPrices)].flatMap((amount) => money(amount) ?? []),
  };
}

const SYSTEM = [
  'You write one short chat message for a business on a marketplace, in the language given.',
  'Start with the label exactly as given. Say the act and nothing else: for an offer or a final',
  'offer, the service, the days, the amount and the valid-until day; for an accept, the amount,',
  'the service and the days; for a hand-over, that the business will answer in person and why,',
  'with no price. Write amounts and dates exactly as given and no other number. Promise nothing',
  'else: no discount, no urgency, nothing binding. Answer with the message only.',
].join(' ');

/** What a language model is sent: fixed instructions, and the brief as JSON. */
export function phrasingPrompt(brief: PhrasingBrief): { system: string; prompt: string } {
  return { system: SYSTEM, prompt: JSON.stringify(brief) };
}

/** Who words Maya's messages: the built-in templates, or a hosted model. */
export type PhrasingWriter =
  'templates' | { model: LanguageModel; timeoutMs: number; temperature?: number };

/** The writer the configuration names: a hosted provider's model, else the templates. */
export async function createPhrasingWriter(
  config: Pick<
    Config,
    'AI_PROVIDER' | 'AI_API_KEY' | 'AI_BASE_URL' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'AI_TEMPERATURE'
  >,
): Promise<PhrasingWriter> {
  const model = await createHostedModel(config);
  return model
    ? { model, timeoutMs: config.AI_TIMEOUT_MS, temperature: config.AI_TEMPERATURE }
    : 'templates';
}

/** What Maya sends for an act, and for the log: whether it was replaced, and why. */
export interface Phrased {
  text: string;
  /** The model's sentence was replaced by the template (it failed the check, or never came). */
  replaced: boolean;
  /** The check's reasons against the model's sentence. */
  reasons: OutboundReason[];
  /** The model failed or took too long: the template was sent. */
  failure: 'model_error' | 'timeout' | null;
}

/** The act in the asker's language, by the writer, checked. */
export async function phrase(
  act: NegotiationAct,
  card: OfferCard,
  language: string,
  writer: PhrasingWriter,
): Promise<Phrased> {
  if (writer === 'templates') {
    const guarded = guardMessage(safeMessage(act, card, language), act, card, language);
    return {
      text: guarded.text,
      replaced: guarded.replaced,
      reasons: guarded.check.ok ? [] : guarded.check.reasons,
      failure: null,
    };
  }
  let candidate: string;
  try {
    const { system, prompt } = phrasingPrompt(phrasingBrief(act, card, language));
    // The AI SDK is not loaded at start-up: `warmPhrasing` loads it once the server listens, and a
    // process that never warmed (tests) loads it with the first message a hosted model phrases.
    const { streamText } = await import('ai');
    const result = streamText({
      model: writer.model,
      system,
      prompt,
      ...(writer.temperature === undefined ? {} : { temperature: writer.temperature }),
      maxOutputTokens: 300,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(writer.timeoutMs),
      onError: () => undefined,
    });
    candidate = (await result.text).trim();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    return {
      text: safeMessage(act, card, language),
      replaced: true,
      reasons: [],
      failure: timedOut ? 'timeout' : 'model_error',
    };
  }
  const guarded = guardMessage(candidate, act, card, language);
  return {
    text: guarded.text,
    replaced: guarded.replaced,
    reasons: guarded.check.ok ? [] : guarded.check.reasons,
    failure: null,
  };
}

/**
 * Says a sample offer once in each locale, by the templates, and checks it, one locale per turn of
 * the event loop; with a hosted model, also loads the AI SDK. A process's first answer otherwise
 * pays one-time costs in a single synchronous stretch (ICU's number and date formats, compiling
 * the date-reading expression: about 30 ms), which a burst of Maya's turns after a start would
 * put in front of people's chat messages. Run once the server listens. Answers the sentences.
 */
export async function warmPhrasing(writer: PhrasingWriter): Promise<string[]> {
  const said: string[] = [];
  for (const locale of locales) {
    await nextTurn();
    const currency: CardListing['services'][number]['currency'] =
      locale === 'pt-BR' ? 'BRL' : 'EUR';
    const act: NegotiationAct = {
      act: 'offer',
      serviceId: 'sample',
      price: { amount: 45_000, currency },
      when: { from: '2030-09-12', to: '2030-09-14' },
      validUntil: '2030-09-01T00:00:00.000Z',
    };
    const card = cardOf(act, {
      business: 'Maya Market',
      services: [{ id: 'sample', name: 'Sample', priceFrom: 50_000, priceTo: null, currency }],
    });
    const phrased = await phrase(act, card, locale, 'templates');
    checkOutbound(phrased.text, card);
    said.push(phrased.text);
  }
  if (writer !== 'templates') await import('ai');
  return said;
}
