import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type TFunction } from 'i18next';
import { PORTUGUESE_VARIANT } from '@maya/contracts';

/**
 * The sentences the server writes to people (mails, push texts, pages, problem details), as
 * i18next catalogs like the web's: `locales/<namespace>/<language>.json`, one namespace per
 * folder. `en.json` is English, the last fallback; `pt.json` is Portuguese as written in
 * Portugal, the base of both variants; `pt-BR.json` holds only what Brazilian Portuguese says
 * differently, and `pt-PT.json`, if a namespace needs one, what only Portugal says. Plurals are
 * i18next's `_one` / `_many` / `_other` keys, chosen by Intl.PluralRules of the locale. The
 * files are read once, when this module loads; adding a namespace is adding its folder.
 */
const LOCALES_DIR = join(import.meta.dirname, 'locales');

/** The locales the server writes in. */
export const locales = ['en', 'pt-PT', 'pt-BR'] as const;
export type Locale = (typeof locales)[number];

/** The files a locale's sentences come from, most specific first (i18next's own order). */
const FILES = ['en', 'pt', 'pt-PT', 'pt-BR'] as const;

type Tree = Record<string, unknown>;
type Catalogs = Record<(typeof FILES)[number], Record<string, Tree>>;

function readCatalogs(): Catalogs {
  const catalogs: Catalogs = { en: {}, pt: {}, 'pt-PT': {}, 'pt-BR': {} };
  for (const entry of readdirSync(LOCALES_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const file of FILES) {
      try {
        catalogs[file][entry.name] = JSON.parse(
          readFileSync(join(LOCALES_DIR, entry.name, `${file}.json`), 'utf8'),
        ) as Tree;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return catalogs;
}

/** Every catalog file, by file name (en, pt, pt-PT, pt-BR) and namespace. */
export const catalogs: Catalogs = readCatalogs();

/** The namespaces: one folder of locales/ each. */
export const namespaces: readonly string[] = Object.keys(catalogs.en);
export type Namespace = string;

const i18n = createInstance({
  resources: Object.fromEntries(
    Object.entries(catalogs).filter(([, ns]) => Object.keys(ns).length),
  ),
  // pt-BR → pt → en; pt-PT → pt → en.
  fallbackLng: { 'pt-BR': ['pt', 'en'], 'pt-PT': ['pt', 'en'], default: ['en'] },
  ns: [...namespaces],
  defaultNS: false,
  // Mails are plain text, and HTML is escaped where it is written: nothing to escape here.
  interpolation: { escapeValue: false },
  // The catalogs are already here, so the instance is ready when init returns.
  initAsync: false,
});
void i18n.init();

/** Whether a key (`namespace:key`, or `key` with a namespace) has a sentence in English. */
export function hasSentence(key: string, namespace?: Namespace): boolean {
  return i18n.exists(key, { lng: 'en', ...(namespace && { ns: namespace }) });
}

/**
 * The sentences of a namespace in a locale: `t('key', { count, name })`. A language tag that is
 * not a locale is read by `localeOf` first, so `wordsFor('pt', …)` is the web's Portuguese.
 * Numbers in sentences are formatted for the locale with `{{distance, number}}`.
 */
export function wordsFor(locale: string | undefined, namespace: Namespace): TFunction {
  return i18n.getFixedT(localeOf(locale) ?? 'en', namespace);
}

/**
 * The locale a language tag asks for, or undefined when the server writes no language like it:
 * en and en-* are English; pt-BR is Brazilian Portuguese; pt-PT and every other pt-* (Angola,
 * Mozambique…) are Portugal's; a bare `pt` is the web's Portuguese (`PORTUGUESE_VARIANT`, pt-BR),
 * so the web, its mails and the server's answers speak one variant.
 */
export function localeOf(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const [language, region] = tag.trim().replaceAll('_', '-').toLowerCase().split('-');
  if (language === 'en') return 'en';
  if (language !== 'pt') return undefined;
  if (!region) return PORTUGUESE_VARIANT;
  return region === 'br' ? 'pt-BR' : 'pt-PT';
}

/**
 * The first locale of an Accept-Language header that the server writes, by preference
 * (`q`, then order); undefined when none is one.
 */
export function localeOfAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && entry.tag !== '*')
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const locale = localeOf(entry.tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The cookie where the web names the language it shows (apps/web/src/lib/display-cookies.ts). */
export const LANGUAGE_COOKIE = 'maya_lang';

/**
 * The locale of a request from a person: the language the web shows them (its cookie), else
 * their browser's (Accept-Language), else English.
 */
export function localeOfRequest(request: {
  headers: Record<string, string | string[] | undefined>;
  cookies?: Record<string, string | undefined>;
}): Locale {
  const cookie =
    request.cookies?.[LANGUAGE_COOKIE] ?? cookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  const accept = request.headers['accept-language'];
  return (
    localeOf(cookie) ?? localeOfAcceptLanguage(Array.isArray(accept) ? accept[0] : accept) ?? 'en'
  );
}

function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  const pair = text
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  if (pair === undefined) return undefined;
  try {
    return decodeURIComponent(pair.slice(name.length + 1));
  } catch {
    return undefined;
  }
}

/** The value of `lang` (HTML, Content-Language) for a locale. */
export const htmlLang = (locale: Locale): string => locale;

/** "Ana", "Ana and Bruno", "Ana, Bruno and Carla", in the locale (Intl.ListFormat). */
export function listOf(locale: Locale, items: string[]): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}
