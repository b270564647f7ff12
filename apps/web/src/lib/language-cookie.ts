/**
 * The interface language's cookie, which the server renders a page in (apps/server/src/plugins/
 * web.ts). It is written in the same step as the stored language (lib/i18n), so a page asked for
 * right after a change of language is drawn by the server in the language the browser then
 * hydrates it in.
 */
export const LANGUAGE_COOKIE = 'maya_lang';

const YEAR = 365 * 24 * 60 * 60;

/** Writes a small display cookie for the whole site, for a year. */
export function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
}

/** Writes the language cookie; nothing where there is no document or cookies are disabled. */
export function writeLanguageCookie(language: string): void {
  if (typeof document === 'undefined') return;
  try {
    writeCookie(LANGUAGE_COOKIE, language);
  } catch {
    // Cookies disabled: the server sends the page unrendered, as for a first visit.
  }
}
