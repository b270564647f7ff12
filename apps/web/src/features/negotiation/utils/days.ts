const pad = (value: number) => String(value).padStart(2, '0');

/** Today where the business is, as `YYYY-MM-DD`: the first day it may block. */
export function today(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// One formatter per language, made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day (`YYYY-MM-DD`) as the reader's language writes it, in the order the app's other
 * dates use (lib/dates.ts): "Tue, 1 Dec 2026", "ter., 1 de dez. de 2026". Read in UTC, where the day is the day itself, so no time zone moves
 * it to the day before.
 */
export function dayLabel(day: string, language: string): string {
  const locale = language === 'pt' ? 'pt-BR' : 'en-GB';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(new Date(`${day}T00:00:00Z`));
}
