import type { Currency, ServiceUnit } from '@maya/contracts';
import { foldLetters as normalize } from './fold.js';
import { derived } from './lexicon.js';

/**
 * A budget read from a request: an amount with a currency ("até 50 reais", "€200", "1.500,00 €"),
 * an amount after a cap word ("budget of 200": the currency is the business's own), or only a
 * cheapness cue ("barato", "affordable"). The words are data (the lexicon's `amounts.json` and
 * `budget.json`); the numbers are read in English and Portuguese formats alike. Maya's reading of
 * a request and the directory's search box both read a budget here.
 */
export interface Budget {
  /** The most the asker would pay, in minor units (cents, centavos). */
  max?: number;
  currency?: Currency;
  /** "por hora", "per night": what the amount buys, when said. */
  unit?: ServiceUnit;
  /** A cheapness cue ("cheap", "em conta"), or a cap. */
  cheap: boolean;
}

const escape = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Longest first, so "less than" wins over "less" and "r$" over "r". */
const anyOf = (list: readonly string[]) =>
  [...list]
    .map(normalize)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

/** 1.500,00 · 1,500 · 1 500 · 49.90 · 200 */
const NUMBER = String.raw`\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;

/** The patterns built from the lexicon in use. */
const patterns = derived(({ amounts, budget }) => {
  const currencyOf = new Map<string, Currency>();
  for (const [currency, { symbols, words: names }] of Object.entries(amounts.currencies)) {
    for (const form of [...symbols, ...names])
      currencyOf.set(normalize(form), currency as Currency);
  }
  const symbols = anyOf(Object.values(amounts.currencies).flatMap((c) => c.symbols));
  const names = anyOf(Object.values(amounts.currencies).flatMap((c) => c.words));
  const caps = anyOf(amounts.caps);
  return {
    currencyOf,
    before: new RegExp(`(${symbols}|${B}(?:${names})${E})\\s?(${NUMBER})${E}`, 'u'),
    after: new RegExp(`${B}(${NUMBER})\\s?(${symbols}|(?:${names})${E})`, 'u'),
    capped: new RegExp(`${B}(?:${caps})\\s(?:of\\s|de\\s)?(${NUMBER})${E}`, 'u'),
    /** A price put forward: "I'll pay 50", "que tal 45?", with at most two words between. */
    offered: new RegExp(
      `${B}(?:${anyOf(amounts.offers)})${E}(?:\\s+[\\p{L}]+){0,2}?\\s+(${NUMBER})${E}`,
      'u',
    ),
    /** A cap word just before an amount ("até", "under"), said with it. */
    capBefore: new RegExp(`${B}(?:${caps})(?:\\s(?:of|de))?\\s?$`, 'u'),
    units: Object.entries(amounts.units).map(
      ([unit, forms]) =>
        [
          unit as ServiceUnit,
          new RegExp(`(?:^|[^\\p{L}])(?:${anyOf(forms)})${E}`, 'u'),
          new RegExp(`(?:${anyOf(forms)})${E}`, 'gu'),
        ] as const,
    ),
    cheapCue: new RegExp(`${B}(?:${anyOf(budget.low.ask)})${E}`, 'u'),
    cheapCues: new RegExp(`${B}(?:${anyOf(budget.low.ask)})${E}`, 'gu'),
    premiumCues: new RegExp(`${B}(?:${anyOf(budget.high.ask)})${E}`, 'gu'),
  };
});

/**
 * A written number in minor units: with both marks, the last is the decimal one ("1.500,00",
 * "1,500.00"); with one, three digits after it make it a thousands mark ("1.500", "1,500") and
 * one or two a decimal one ("49,90", "49.9").
 */
export function parseAmount(written: string): number | undefined {
  const text = written.replaceAll(/\s/g, '');
  const lastMark = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  let whole = text;
  let cents = '';
  if (lastMark >= 0) {
    const tail = text.slice(lastMark + 1);
    const marks = new Set(text.match(/[.,]/g));
    const decimal = marks.size > 1 || (tail.length <= 2 && text.match(/[.,]/g)!.length === 1);
    if (decimal) {
      whole = text.slice(0, lastMark);
      cents = tail.padEnd(2, '0');
    }
  }
  const value = Number(whole.replaceAll(/[.,]/g, '')) * 100 + Number(cents || 0);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** The amount part of a budget. */
export type PriceCap = Required<Pick<Budget, 'max'>> & Pick<Budget, 'currency' | 'unit'>;

/** The budget a message states, or undefined when it states none. */
export function readBudget(message: string): Budget | undefined {
  const { before, after, capped, units, cheapCue, currencyOf } = patterns();
  const text = normalize(message);
  const withCurrency = before.exec(text) ?? after.exec(text);
  let budget: Budget | undefined;
  if (withCurrency) {
    const [amount, currency] = before.exec(text)
      ? [withCurrency[2]!, withCurrency[1]!]
      : [withCurrency[1]!, withCurrency[2]!];
    const max = parseAmount(amount);
    if (max !== undefined) budget = { max, currency: currencyOf.get(currency), cheap: true };
  }
  if (!budget) {
    const cap = capped.exec(text);
    const max = cap && parseAmount(cap[1]!);
    if (max) budget = { max, cheap: true };
  }
  if (budget) {
    const unit = units.find(([, pattern]) => pattern.test(text))?.[0];
    if (unit) budget.unit = unit;
    return budget;
  }
  return cheapCue.test(text) ? { cheap: true } : undefined;
}

/** A search's words without its budget, and the budget they stated. */
export interface BudgetInWords {
  /** The words left for the search, folded. */
  rest: string;
  budget?: Budget;
  /** A cue without an amount: "cheap", "barato" (low) or "luxury", "de luxo" (high). */
  level?: 'low' | 'high';
}

/**
 * The budget a search box's words state, taken out of them: the amount with its currency, cap
 * word and unit ("até 80 eur por noite"), and the cues ("barato", "luxury"), so that the rest is
 * what is searched. Cues stay when nothing else would be left ("cheap" alone is a word to find).
 */
export function takeBudget(words: string): BudgetInWords {
  const { before, after, capped, capBefore, units, cheapCues, premiumCues } = patterns();
  const budget = readBudget(words);
  let rest = normalize(words);
  if (budget?.max !== undefined) {
    const found = before.exec(rest) ?? after.exec(rest) ?? capped.exec(rest);
    if (found) {
      const head = rest.slice(0, found.index).replace(capBefore, '');
      rest = `${head} ${rest.slice(found.index + found[0].length)}`;
    }
    if (budget.unit) {
      const unit = units.find(([name]) => name === budget.unit)![2];
      rest = rest.replace(unit, ' ');
    }
  }
  const low = rest.match(cheapCues) !== null;
  const high = !low && rest.match(premiumCues) !== null;
  const withoutCues = rest.replace(cheapCues, ' ').replace(premiumCues, ' ');
  if (/[\p{L}\p{N}]/u.test(withoutCues)) rest = withoutCues;
  rest = rest.replaceAll(/\s+/g, ' ').trim();
  const level = budget?.max === undefined && (low || high) ? (low ? 'low' : 'high') : undefined;
  return {
    rest,
    ...(budget && { budget }),
    ...(level && { level }),
  };
}

/**
 * A price a person puts forward in a chat, or undefined: an amount with its currency ("€50",
 * "50 reais") or a bare number after words that offer it ("I'll pay 50", "que tal 45?", "faz por
 * 300"). Only a proposal to confirm: nothing is sent from it.
 */
export function readOfferedAmount(
  message: string,
): { amount: number; currency?: Currency } | undefined {
  const { before, after, offered, currencyOf } = patterns();
  const text = normalize(message).replaceAll('’', "'");
  const before_ = before.exec(text);
  if (before_) {
    const amount = parseAmount(before_[2]!);
    if (amount !== undefined) return { amount, currency: currencyOf.get(before_[1]!) };
  }
  const after_ = after.exec(text);
  if (after_) {
    const amount = parseAmount(after_[1]!);
    if (amount !== undefined) return { amount, currency: currencyOf.get(after_[2]!) };
  }
  const cue = offered.exec(text);
  const amount = cue ? parseAmount(cue[1]!) : undefined;
  return amount === undefined ? undefined : { amount };
}
