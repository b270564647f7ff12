import { z } from 'zod';
import type { Currency } from '@maya/contracts';
import { MINOR_UNITS } from '@maya/contracts/service-units';
import { locales, localeOf, wordsFor } from '../../lib/i18n/index.js';
import { findWrittenDates, type ReadDate } from '../../lib/lexicon/dates.js';
import { createLru } from '../../lib/lru.js';
import { containsPhrase, fold, foldLetters, withoutPhrase } from '../../lib/lexicon/fold.js';
import data from '../../lib/lexicon/words/outbound.json' with { type: 'json' };
import { dayText, moneyText, windowText } from '../deals/deal-words.js';
import { daysOf, type NegotiationAct } from './strategy.js';

/**
 * The check of every sentence Maya sends for a business, whoever wrote it (a template or a
 * language model): it may name only the card's numbers and dates, must say it is Maya (AI) for
 * the business, and may promise nothing the card does not. A sentence that fails is replaced by
 * `safeMessage`, the act's fixed template. The phrases are data
 * (`lib/lexicon/words/outbound.json`; the month names, `dates.json`), checked when this module loads.
 */

const folded = z
  .string()
  .min(2)
  .refine((phrase) => phrase === fold(phrase), 'written folded: lower case, no accents');
const perLanguage = z.strictObject({ en: z.array(folded), pt: z.array(folded) });
const markers = z.strictObject({ symbols: z.array(z.string().min(1)), words: z.array(folded) });

const WORDS = z
  .object({
    commitments: perLanguage,
    discounts: perLanguage,
    urgency: perLanguage,
    numberWords: perLanguage,
    currencies: z.strictObject({ EUR: markers, BRL: markers, other: markers }),
  })
  .parse(data);

/** What the sentence may name: the card's numbers and dates, and the business's listed prices. */
export interface OfferCard {
  business: string;
  /** The name of the service the act names, or null. */
  service: string | null;
  currency: Currency | null;
  /** The amounts the card holds, in minor units: the price offered or the counter accepted. */
  amounts: readonly number[];
  /** Every price the business lists (from and to), in minor units. */
  listedPrices: readonly number[];
  /** The card's days, `YYYY-MM-DD`: each day offered and the day the offer is valid until. */
  dates: readonly string[];
  /** Names whose digits are no amount or date ("Studio 54", "Catering for 40"). */
  names: readonly string[];
}

/** A business's listing as the card reads it: its name and its services' names and prices. */
export interface CardListing {
  business: string;
  services: readonly {
    id: string;
    name: string;
    priceFrom: number;
    priceTo: number | null;
    currency: Currency;
  }[];
}

/** The card of an act: what a sentence saying it may name. */
export function cardOf(act: NegotiationAct, listing: CardListing): OfferCard {
  const service =
    act.act === 'hand_over' ? null : listing.services.find(({ id }) => id === act.serviceId);
  const dates =
    act.act === 'hand_over'
      ? []
      : [...daysOf(act.when), ...(act.act === 'accept' ? [] : [act.validUntil.slice(0, 10)])];
  return {
    business: listing.business,
    service: service?.name ?? null,
    currency:
      act.act === 'hand_over' ? (listing.services[0]?.currency ?? null) : act.price.currency,
    amounts: act.act === 'hand_over' ? [] : [act.price.amount],
    listedPrices: listing.services.flatMap(({ priceFrom, priceTo }) =>
      priceTo === null ? [priceFrom] : [priceFrom, priceTo],
    ),
    dates,
    names: [listing.business, ...listing.services.map(({ name }) => name)],
  };
}

export type OutboundReason =
  | { kind: 'amount' | 'date' | 'currency'; text: string }
  | { kind: 'commitment' | 'discount' | 'urgency'; phrase: string }
  | { kind: 'unlabelled' };

export type OutboundResult = { ok: true } | { ok: false; reasons: OutboundReason[] };

/** The label "Maya (AI) for {business}" in every locale, folded, for the businesses Maya last spoke for. */
const labels = createLru<string, string[]>(1_000);

function labelsOf(business: string): string[] {
  let found = labels.get(business);
  if (!found) {
    found = locales.map((locale) => fold(wordsFor(locale, 'negotiation')('label', { business })));
    labels.set(business, found);
  }
  return found;
}

/** Whether a sentence of Maya's for a business says only what its card says, and why not. */
export function checkOutbound(text: string, card: OfferCard): OutboundResult {
  const reasons: OutboundReason[] = [];
  const foldedText = fold(text);
  if (!labelsOf(card.business).some((label) => containsPhrase(foldedText, label))) {
    reasons.push({ kind: 'unlabelled' });
  }

  // The business's and the services' names say nothing of their own ("Guaranteed Removals").
  const plain = foldLetters(text);
  const unnamed = withoutNames(plain, card.names);
  const words = fold(unnamed);
  for (const kind of ['commitments', 'discounts', 'urgency'] as const) {
    for (const phrase of [...WORDS[kind].en, ...WORDS[kind].pt]) {
      if (containsPhrase(words, phrase)) reasons.push({ kind: KIND[kind], phrase });
    }
  }
  for (const marker of currencyMarkers(unnamed)) {
    if (marker.currency !== card.currency) reasons.push({ kind: 'currency', text: marker.text });
  }

  // Digits: the names' first ("Studio 54"), then the dates', then what is left are amounts.
  const allowedDates = new Set(card.dates);
  const dated = withoutNames(
    plain,
    card.names.filter((name) => /\d/.test(name)),
  );
  let undated = '';
  let from = 0;
  for (const found of findWrittenDates(dated)) {
    if (!found.dates.every((date) => dateAllowed(date, allowedDates))) {
      reasons.push({
        kind: 'date',
        text: dated.slice(found.index, found.index + found.length).trim(),
      });
    }
    undated += `${dated.slice(from, found.index)} `;
    from = found.index + found.length;
  }
  undated += dated.slice(from);
  const allowedAmounts = new Set([...card.amounts, ...card.listedPrices]);
  for (const match of undated.matchAll(NUMBER)) {
    const token = match[0].replace(/[\s.,]+$/u, '');
    if (!amountAllowed(token, allowedAmounts)) reasons.push({ kind: 'amount', text: token });
  }
  // An amount in words is never the card's: the card's amounts are said in digits.
  const spoken = fold(withoutNames(undated, card.names));
  for (const word of [...WORDS.numberWords.en, ...WORDS.numberWords.pt]) {
    if (containsPhrase(spoken, word)) reasons.push({ kind: 'amount', text: word });
  }
  return reasons.length ? { ok: false, reasons } : { ok: true };
}

/** What Maya sends: a sentence that passes the check, else the act's template; and why, for the log. */
export interface GuardedMessage {
  text: string;
  replaced: boolean;
  check: OutboundResult;
}

/** A language model's sentence for an act, checked: kept when it passes, else replaced. */
export function guardMessage(
  candidate: string,
  act: NegotiationAct,
  card: OfferCard,
  language: string,
): GuardedMessage {
  const check = checkOutbound(candidate, card);
  return check.ok
    ? { text: candidate, replaced: false, check }
    : { text: safeMessage(act, card, language), replaced: true, check };
}

/** The text with each name taken out where it stands as whole words, longest first. */
function withoutNames(text: string, names: readonly string[]): string {
  let rest = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const plain = foldLetters(name).trim();
    if (plain.length >= 2) rest = withoutPhrase(rest, plain);
  }
  return rest;
}

const KIND = { commitments: 'commitment', discounts: 'discount', urgency: 'urgency' } as const;

function dateAllowed({ year, month, day }: ReadDate, allowed: Set<string>): boolean {
  const monthDay = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (year !== null) return allowed.has(`${year}-${monthDay}`);
  return [...allowed].some((date) => date.endsWith(monthDay));
}

/** Money markers in the text: each symbol or currency word, with its currency (`other`: none of ours). */
function currencyMarkers(text: string): { currency: Currency | 'other'; text: string }[] {
  const found: { currency: Currency | 'other'; text: string }[] = [];
  let rest = text;
  const entries = Object.entries(WORDS.currencies) as [
    Currency | 'other',
    z.infer<typeof markers>,
  ][];
  // Longest symbols first, each taken out once found: "r$" is not also "$".
  const symbols = entries
    .flatMap(([currency, { symbols }]) => symbols.map((symbol) => ({ currency, symbol })))
    .sort((a, b) => b.symbol.length - a.symbol.length);
  for (const { currency, symbol } of symbols) {
    if (rest.includes(symbol)) {
      found.push({ currency, text: symbol });
      rest = rest.replaceAll(symbol, ' ');
    }
  }
  const words = fold(rest);
  for (const [currency, { words: names }] of entries) {
    for (const name of names) {
      if (containsPhrase(words, name)) found.push({ currency, text: name });
    }
  }
  return found;
}

// A number as written: digits, with dots, commas or spaces between groups ("1.250,00",
// "1,250.00", "12 345,50", "250"). A space joins only a group of exactly three digits.
const NUMBER = /\d(?:[\d.,\u00a0\u202f]|[ \t](?=\d{3}(?!\d)))*/gu;
const SPACES = /[\s\u00a0\u202f]+/gu;

/** Whether a written number can be read as one of the amounts (minor units) it may name. */
function amountAllowed(token: string, allowed: Set<number>): boolean {
  if (minorReadings(token.replace(SPACES, '')).some((minor) => allowed.has(minor))) return true;
  // "250 300": perhaps two numbers side by side, each its own.
  const parts = token.split(SPACES);
  return (
    parts.length > 1 &&
    parts.every((part) => minorReadings(part).some((minor) => allowed.has(minor)))
  );
}

/**
 * The amounts, in minor units, a number written with dots and commas may mean: "250,00" and
 * "250.00" are 25000; "1.250,00" and "1,250.00" are 125000; "1.250" is 125000 (or 125, as an
 * English decimal).
 */
export function minorReadings(token: string): number[] {
  if (!/^\d[\d.,]*$/.test(token)) return [];
  const separators = token.match(/[.,]/g) ?? [];
  if (separators.length === 0) return [Number(token) * MINOR_UNITS];
  const readings: number[] = [];
  const lastAt = Math.max(token.lastIndexOf('.'), token.lastIndexOf(','));
  const head = token.slice(0, lastAt);
  const tail = token.slice(lastAt + 1);
  const decimal = token[lastAt]!;
  const grouping = decimal === '.' ? ',' : '.';
  // The last separator is the decimal one: one or two decimals, the head grouped by the other.
  if (tail.length >= 1 && tail.length <= 2 && grouped(head, grouping)) {
    readings.push(
      Number(head.replaceAll(grouping, '')) * MINOR_UNITS + Number(tail.padEnd(2, '0')),
    );
  }
  // Every separator groups thousands: one kind, each group after the first of three digits.
  if (new Set(separators).size === 1 && grouped(token, decimal)) {
    readings.push(Number(token.replaceAll(decimal, '')) * MINOR_UNITS);
  }
  // "1.250" in English: a decimal with a trailing zero.
  if (separators.length === 1 && tail.length === 3 && tail.endsWith('0')) {
    readings.push(Number(head) * MINOR_UNITS + Number(tail.slice(0, 2)));
  }
  return readings;
}

/** Digits in groups of three after a first of one to three, or digits alone. */
function grouped(digits: string, separator: string): boolean {
  const [first = '', ...groups] = digits.split(separator);
  if (groups.length === 0) return /^\d+$/.test(first);
  return /^\d{1,3}$/.test(first) && groups.every((group) => /^\d{3}$/.test(group));
}

/**
 * The fixed sentence of an act in a language (`lib/i18n/locales/negotiation`): labelled "Maya
 * (AI) for {business}", with the card's amount, dates and valid-until in the reader's format. What
 * replaces a sentence that fails the check, and what Maya says with no language model.
 */
export function safeMessage(act: NegotiationAct, card: OfferCard, language: string): string {
  const locale = localeOf(language) ?? 'en';
  const t = wordsFor(locale, 'negotiation');
  const label = t('label', { business: card.business });
  if (act.act === 'hand_over') {
    return t(`handOver.${act.reason}`, { label, business: card.business });
  }
  const values = {
    label,
    business: card.business,
    service: card.service ?? '',
    amount: moneyText(act.price, locale),
    when: windowText(act.when, locale),
  };
  if (act.act === 'accept') return t('accept', values);
  return t(act.act === 'offer' ? 'offer' : 'finalOffer', {
    ...values,
    validUntil: dayText(act.validUntil, locale),
  });
}
