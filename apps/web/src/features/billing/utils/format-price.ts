import i18n from '../../../lib/i18n';

/** In the interface's language unless told otherwise (R$ 147 in Portuguese, €147 in English). */
export function formatPrice(amount: number, currency: string, locale = i18n.language): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: amount % 1 ? 2 : 0,
  }).format(amount);
}
