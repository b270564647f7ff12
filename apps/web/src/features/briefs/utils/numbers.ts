import { htmlLanguage } from '../../../lib/i18n/variant';

/** A rating as the reader's language writes it, always with its tenth: "4.0", "4,6". */
export const ratingText = (value: number, language: string) =>
  value.toLocaleString(htmlLanguage(language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });

/**
 * Kilometres as the reader's language writes them: a tenth matters nearby ("1.2", "1,2"), not a
 * thousand kilometres away.
 */
export const kilometresText = (value: number, language: string) =>
  value.toLocaleString(htmlLanguage(language), {
    maximumFractionDigits: value < 10 ? 1 : 0,
  });
