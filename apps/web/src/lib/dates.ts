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

/** dd MMM yyyy, as on chat entries: "23 Nov 2026". */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(locale(), {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}
