import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LANGUAGE_COOKIE,
  TIME_ZONE_COOKIE,
  ZONE_OFFSETS_COOKIE,
  writeZoneCookies,
  zoneOffsets,
} from './display-cookies';
import { writeLanguageCookie } from './language-cookie';

/** What the app writes at start: the language's cookie, then the zone's. */
function writeDisplayCookies(language: string) {
  writeLanguageCookie(language);
  writeZoneCookies();
}

const cookies = () =>
  Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=').map(decodeURIComponent)),
  );

function clearCookies() {
  for (const name of Object.keys(cookies())) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

describe('display cookies', () => {
  beforeEach(clearCookies);
  afterEach(() => {
    vi.restoreAllMocks();
    clearCookies();
  });

  it('names the language, the zone and its offsets on a first start', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    writeDisplayCookies('pt');
    expect(cookies()).toEqual({
      [LANGUAGE_COOKIE]: 'pt',
      [TIME_ZONE_COOKIE]: zone,
      [ZONE_OFFSETS_COOKIE]: zoneOffsets(),
    });
  });

  it('does not ask Intl for the zone again while its offsets are unchanged', () => {
    writeDisplayCookies('en');
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    writeDisplayCookies('pt');
    expect(intl).not.toHaveBeenCalled();
    expect(cookies()[LANGUAGE_COOKIE]).toBe('pt');
  });

  it('names the zone again when the offsets changed or the zone cookie is gone', () => {
    writeDisplayCookies('en');
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    document.cookie = `${ZONE_OFFSETS_COOKIE}=${encodeURIComponent('-60,-120')}; Path=/`;
    writeDisplayCookies('en');
    expect(intl).toHaveBeenCalledTimes(1);
    expect(cookies()[ZONE_OFFSETS_COOKIE]).toBe(zoneOffsets());

    document.cookie = `${TIME_ZONE_COOKIE}=; Path=/; Max-Age=0`;
    writeDisplayCookies('en');
    expect(intl).toHaveBeenCalledTimes(2);
    expect(cookies()[TIME_ZONE_COOKIE]).toBeTruthy();
  });

  it('reads the offsets of January and July in the local zone', () => {
    const winter = new Date(2026, 0, 1).getTimezoneOffset();
    const summer = new Date(2026, 6, 1).getTimezoneOffset();
    expect(zoneOffsets(new Date(2026, 3, 10))).toBe(`${winter},${summer}`);
  });
});
