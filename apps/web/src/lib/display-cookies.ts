/**
 * Tells the server how this browser draws a page: the interface language and the time zone, as
 * two small cookies (never secret, readable by scripts). The server renders a signed-in screen
 * in them (apps/server/src/plugins/web.ts, src/prerender.tsx), so its HTML is what this browser's
 * first render draws, and the screen hydrates instead of being drawn again.
 */
import { LANGUAGE_COOKIE, writeCookie as write } from './language-cookie';

export { LANGUAGE_COOKIE };
export const TIME_ZONE_COOKIE = 'maya_tz';
/**
 * The zone's UTC offsets in January and July when the zone was named, such as "180,180". Naming
 * the zone makes the browser's first Intl formatter, which loads locale and zone data: 35–80 ms
 * on a desktop, four times that on a phone, on a page that may show no date at all. Reading the
 * offsets costs nothing, so the zone is named again only when they differ (the device moved, or
 * its zone was changed) or a cookie is missing.
 */
export const ZONE_OFFSETS_COOKIE = 'maya_tz_offsets';

/** The browser's time zone, such as "America/Sao_Paulo", or undefined if it names none. */
export const browserTimeZone = (): string | undefined =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

/** This year's UTC offsets of the browser's zone, in January and July ("0,-60" in Lisbon). */
export function zoneOffsets(now = new Date()): string {
  const year = now.getFullYear();
  return [0, 6].map((month) => new Date(year, month, 1).getTimezoneOffset()).join(',');
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/** Writes the zone's cookies when it may have changed since they were last written. */
export function writeZoneCookies(): void {
  if (typeof document === 'undefined') return;
  try {
    const offsets = zoneOffsets();
    if (readCookie(TIME_ZONE_COOKIE) && readCookie(ZONE_OFFSETS_COOKIE) === offsets) return;
    const zone = browserTimeZone();
    if (zone) {
      write(TIME_ZONE_COOKIE, zone);
      write(ZONE_OFFSETS_COOKIE, offsets);
    }
  } catch {
    // Cookies disabled: the server sends the page unrendered, as for a first visit.
  }
}
