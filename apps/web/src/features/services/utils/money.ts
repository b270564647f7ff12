import type { Currency } from '@maya/contracts';
import { MINOR_UNITS } from '@maya/contracts/service-units';
import { htmlLanguage } from '../../../lib/i18n/variant';

// Making a formatter loads locale data: one per locale and currency, made once.
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units as the viewer's language writes it in the service's currency:
 * "€40.00" in English, "R$ 40,00" in Portuguese. Always Intl's, never put together by hand.
 */
export function formatMoney(amountMinor: number, currency: Currency, language: string): string {
  const locale = htmlLanguage(language);
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(amountMinor / MINOR_UNITS);
}

/**
 * A price typed in major units ("40", "40.5", "40,50", "1 200") as minor units, or undefined
 * when it is no price: more than two decimals, a sign, letters.
 */
export function parseAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0]/g, '');
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return undefined;
  return Number(match[1]) * MINOR_UNITS + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as a price field shows them again: "40", "40.50". */
export function amountText(amountMinor: number): string {
  const major = Math.floor(amountMinor / MINOR_UNITS);
  const minor = amountMinor % MINOR_UNITS;
  return minor === 0 ? String(major) : `${major}.${String(minor).padStart(2, '0')}`;
}
