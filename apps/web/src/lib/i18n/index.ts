import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { writeLanguageCookie } from '../language-cookie';
import { browserIdle } from '../when-idle';
import en from './locales/en.json';
import { htmlLanguage } from './variant';

// locales/<code>.json holds a language's interface strings (namespace "translation");
// locales/<namespace>/<code>.json holds long texts that only some pages show (the privacy
// policy, the terms…). Adding a language is adding its files. English interface strings are
// bundled (they are also the fallback); everything else loads on demand, so the first page's
// script carries one language's interface strings only (scripts/size-budget.mjs).
// Each file's module is taken whole and its default read here, once: `import: 'default'` would
// write that step into each of the loaders, in the first page's script.
const files = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  './locales/*/*.json',
  '!./locales/en.json',
]);
const readDefault = (module: { default: Record<string, unknown> }) => module.default;
const loaders = new Map<string, () => Promise<Record<string, unknown>>>();
for (const [path, load] of Object.entries(files)) {
  const match = /\/locales\/(?:(\w+)\/)?(\w+)\.json$/.exec(path);
  if (match)
    loaders.set(`${match[1] ?? 'translation'}:${match[2]}`, () => load().then(readDefault));
}

export const languages = [
  'en',
  ...[...loaders.keys()]
    .filter((key) => key.startsWith('translation:'))
    .map((key) => key.slice('translation:'.length)),
];

export { htmlLanguage } from './variant';

const STORAGE_KEY = 'language';
const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

/**
 * Names the language on <html>, when it differs: writing `lang` makes the browser restyle every
 * element (each may match `:lang()`), even with the value it had.
 */
function showLanguage(language: string) {
  if (typeof document === 'undefined') return;
  const lang = htmlLanguage(language);
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
}
/** The language the page starts in: the one remembered, when it is one of ours. */
const startLanguage = stored && languages.includes(stored) ? stored : 'en';
// <html> names it from the start: a page the server drew already does.
showLanguage(startLanguage);
// The zone's cookies matter only for the next page the server renders: their code loads apart,
// and at the start they are written once the browser is idle (asking for the time zone loads the
// zone data, a long task on a phone while the page starts).
const writeZoneCookies = () =>
  void import('../display-cookies').then((cookies) => cookies.writeZoneCookies());
if (!stored || stored === 'en')
  void browserIdle().then(() => {
    writeLanguageCookie('en');
    writeZoneCookies();
  });

i18n.on('languageChanged', (language) => {
  showLanguage(language);
  // The server renders with this module too (src/prerender.tsx), where there is no storage.
  if (typeof localStorage !== 'undefined') localStorage.setItem(STORAGE_KEY, language);
  // In the same step as the stored language: the next page the server draws is in the language
  // this browser will hydrate it in, however soon it is asked for. The zone may follow later.
  writeLanguageCookie(language);
  writeZoneCookies();
});

const namespacesInUse = new Set(['translation']);

async function ensure(namespace: string, language: string): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = loaders.get(`${namespace}:${language}`);
  if (load) i18n.addResourceBundle(language, namespace, await load());
}

/** Loads a namespace of long texts in the current language (and English, the fallback). */
export async function loadNamespace(namespace: string): Promise<void> {
  namespacesInUse.add(namespace);
  await Promise.all([ensure(namespace, i18n.language), ensure(namespace, 'en')]);
}

/** Loads a language's strings if needed, then switches to it (and remembers the choice). */
export async function setLanguage(language: string): Promise<void> {
  const target = languages.includes(language) ? language : 'en';
  await Promise.all([...namespacesInUse].map((namespace) => ensure(namespace, target)));
  await i18n.changeLanguage(target);
}

/** Settles once the remembered language is in place; main.tsx renders after it. */
export const languageReady: Promise<void> =
  startLanguage === 'en'
    ? Promise.resolve()
    : // Without its strings the page stays in English, and says so.
      setLanguage(startLanguage).catch(() => showLanguage('en'));

export default i18n;
