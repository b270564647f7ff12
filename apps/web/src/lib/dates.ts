import i18n from './i18n';

/** Intl locale for each interface language; dd MMM yyyy either way. */
const locale = () => (i18n.language === 'pt' ? 'pt-BR' : 'en-GB');

/** dd MMM yyyy, as on chat entries: "23 Nov 2026". */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(locale(), {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}
