import i18n from './i18n';

/** Intl locale for each interface language; dd MMM yyyy either way. */
const locale = () => (i18n.language === 'pt' ? 'pt-BR' : 'en-GB');

/**
 * The time zone dates are shown in: the browser's own, unset. The server, rendering a signed-in
 * page, sets the one the browser named (lib/display-cookies.ts), so its HTML shows the times the
 * browser will.
 */
let timeZone: string | undefined;

export function setTimeZone(zone: string | undefined): void {
  timeZone = zone;
}

// Making a formatter loads locale and zone data, which costs far more than formatting with one
// (a chat of 50 messages made 50): each kind of formatter is made once per locale and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'day' | 'time'): Intl.DateTimeFormat {
  const key = `${kind} ${locale()} ${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(
      locale(),
      kind === 'day'
        ? { day: '2-digit', month: 'short', year: 'numeric', timeZone }
        : { hour: '2-digit', minute: '2-digit', timeZone },
    );
    formatters.set(key, made);
  }
  return made;
}

/** dd MMM yyyy, as on chat entries: "23 Nov 2026". */
export function formatDay(iso: string): string {
  return formatter('day').format(new Date(iso));
}

export function formatTime(iso: string): string {
  return formatter('time').format(new Date(iso));
}

/** Whether two instants fall on the same calendar day where the dates are shown. */
function sameDay(a: Date, b: Date): boolean {
  const day = formatter('day');
  return day.format(a) === day.format(b);
}

/** When a chat was last active: today the time ("14:05"), another day the date. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return sameDay(date, now) ? formatter('time').format(date) : formatter('day').format(date);
}

/** When a message was sent: today the time, another day the date and the time. */
export function formatStamp(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const time = formatter('time').format(date);
  return sameDay(date, now) ? time : `${formatter('day').format(date)}, ${time}`;
}
