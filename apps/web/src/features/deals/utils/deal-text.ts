import type { DateWindow, DealPerson, PrivateUser } from '@maya/contracts';
import { htmlLanguage } from '../../../lib/i18n/variant';

// Making a formatter loads locale data: one per language, made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormat(language: string): Intl.DateTimeFormat {
  // Days read as lib/dates writes them: "1 Jun 2030" in English, "1 de jun. de 2030" in Portuguese.
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
export function windowText({ from, to }: DateWindow, language: string): string {
  const format = dayFormat(language);
  const start = new Date(`${from}T00:00:00Z`);
  return from === to
    ? format.format(start)
    : format.formatRange(start, new Date(`${to}T00:00:00Z`));
}

/** The viewer's side in a deal. */
export const partyOf = (user: Pick<PrivateUser, 'role'>) =>
  user.role === 'buyer' ? ('buyer' as const) : ('business' as const);

/** A deal's person as others see them: their name, or a former member once deleted. */
export function personName(person: DealPerson, formerMember: string): string {
  return person.deleted ? formerMember : person.name;
}

/** Today as a date input's value, in the viewer's own calendar. */
export function todayValue(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
