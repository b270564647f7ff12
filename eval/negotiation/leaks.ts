import { containsPhrase, fold } from '../../apps/server/src/lib/lexicon/fold.js';
import { minorReadings } from '../../apps/server/src/modules/negotiation/outbound-check.js';
import words from './number-words.json' with { type: 'json' };

/**
 * Whether a text names an amount (minor units) in any way people write it: 250, 250.00, 250,00,
 * €250, R$ 250,00, 1.250,00, 25000 (the minor units themselves), or in words in English or
 * Portuguese ("two hundred and fifty", "duzentos e cinquenta"). Dates the text is known to hold
 * are taken out first, so "12 Sept 2030" is no 12.00 and no 2030.00.
 */
export function namesAmount(
  text: string,
  amount: number,
  options: { dates?: readonly string[]; inWords?: boolean } = {},
): boolean {
  let rest = text;
  for (const date of options.dates ?? []) if (date) rest = rest.replaceAll(date, ' ');
  for (const match of rest.matchAll(NUMBER)) {
    const token = match[0].replace(/[\s.,\u00a0\u202f]+$/u, '');
    const compact = token.replace(/[\s\u00a0\u202f]+/gu, '');
    if (minorReadings(compact).includes(amount) || Number(compact) === amount) return true;
    if (token.split(/[\s\u00a0\u202f]+/u).some((part) => minorReadings(part).includes(amount))) {
      return true;
    }
  }
  if (options.inWords === false || amount % 100 !== 0) return false;
  const folded = fold(rest);
  return spokenForms(amount / 100).some((form) => containsPhrase(folded, form));
}

const NUMBER = /\d(?:[\d.,\u00a0\u202f]|[ \t](?=\d{3}(?!\d)))*/gu;

/** A whole number of money units in words, as English and both Portuguese write it (folded). */
export function spokenForms(whole: number): string[] {
  if (!Number.isSafeInteger(whole) || whole < 0 || whole >= 1_000_000) return [];
  const forms = new Set([
    english(whole, true),
    english(whole, false),
    portuguese(whole, false),
    portuguese(whole, true),
  ]);
  return [...forms].map(fold);
}

function english(n: number, withAnd: boolean): string {
  const { ones, tens, hundred, thousand } = words.en;
  const and = words.en.and;
  const below100 = (m: number) =>
    m < 20 ? ones[m]! : `${tens[Math.floor(m / 10)]}${m % 10 ? ` ${ones[m % 10]}` : ''}`;
  const below1000 = (m: number): string => {
    const h = Math.floor(m / 100);
    const r = m % 100;
    if (!h) return below100(r);
    const head = `${ones[h]} ${hundred}`;
    return r ? `${head}${withAnd ? ` ${and}` : ''} ${below100(r)}` : head;
  };
  const k = Math.floor(n / 1000);
  const r = n % 1000;
  if (!k) return below1000(r);
  const head = `${below1000(k)} ${thousand}`;
  if (!r) return head;
  return `${head}${r < 100 && withAnd ? ` ${and}` : ''} ${below1000(r)}`;
}

function portuguese(n: number, brazil: boolean): string {
  const { tens, hundreds, hundredAlone, thousand } = words.pt;
  const and = words.pt.and;
  const one = (m: number) =>
    brazil
      ? ((words.pt.onesBR as Record<string, string>)[String(m)] ?? words.pt.ones[m]!)
      : words.pt.ones[m]!;
  const below100 = (m: number) =>
    m < 20 ? one(m) : `${tens[Math.floor(m / 10)]}${m % 10 ? ` ${and} ${one(m % 10)}` : ''}`;
  const below1000 = (m: number): string => {
    if (m === 100) return hundredAlone;
    const h = Math.floor(m / 100);
    const r = m % 100;
    if (!h) return below100(r);
    return r ? `${hundreds[h]} ${and} ${below100(r)}` : hundreds[h]!;
  };
  const k = Math.floor(n / 1000);
  const r = n % 1000;
  if (!k) return below1000(r);
  const head = k === 1 ? thousand : `${below1000(k)} ${thousand}`;
  if (!r) return head;
  return `${head}${r < 100 || r % 100 === 0 ? ` ${and}` : ''} ${below1000(r)}`;
}
