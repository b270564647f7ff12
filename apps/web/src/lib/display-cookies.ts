/**
 * Tells the server how this browser draws a page: the interface language and the time zone, as
 * two small cookies (never secret, readable by scripts). The server renders a signed-in screen
 * in them (apps/server/src/plugins/web.ts, src/prerender.tsx), so its HTML is what this browser's
 * first render draws, and the screen hydrates instead of being drawn again.
 */
export const LANGUAGE_COOKIE = 'maya_lang';
export const TIME_ZONE_COOKIE = 'maya_tz';

const YEAR = 365 * 24 * 60 * 60;

function write(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
}

/** The browser's time zone, such as "America/Sao_Paulo", or undefined if it names none. */
export const browserTimeZone = (): string | undefined =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

/** Writes both cookies for `language` (called at start and on every change of language). */
export function writeDisplayCookies(language: string): void {
  if (typeof document === 'undefined') return;
  try {
    write(LANGUAGE_COOKIE, language);
    const zone = browserTimeZone();
    if (zone) write(TIME_ZONE_COOKIE, zone);
  } catch {
    // Cookies disabled: the server sends the page unrendered, as for a first visit.
  }
}
