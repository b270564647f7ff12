import { htmlLanguage } from '../../../lib/i18n/variant';

// The deals write a window of days the same way (deals/utils/deal-text.ts). The briefs keep their
// own copy because a module both features import becomes a chunk of its own, which every route
// that loads it names in the first route's script (`npm run size`).

const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormat(language: string): Intl.DateTimeFormat {
  const locale = language === 'en' ? 'en-GB' : htmlLanguage(language);
  let made = formatters.get(locale);
  if (!made) {
    // A window's dates are calendar days, not instants: read in UTC they stay the days chosen.
    made = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formatters.set(locale, made);
  }
  return made;
}

/** "1 Jun 2030", or "1–3 Jun 2030" for a window of days. */
export function windowText({ from, to }: { from: string; to: string }, language: string): string {
  const format = dayFormat(language);
  const start = new Date(`${from}T00:00:00Z`);
  return from === to
    ? format.format(start)
    : format.formatRange(start, new Date(`${to}T00:00:00Z`));
}

/** Today as a date input's value, in the viewer's own calendar. */
export function todayValue(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
