import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

// Every locales/<code>.json is a language: adding Portuguese is adding pt.json, nothing else.
const files = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});

const resources: Resource = {};
for (const [path, translation] of Object.entries(files)) {
  const code = /\/(\w+)\.json$/.exec(path)?.[1];
  if (code) resources[code] = { translation };
}

export const languages = Object.keys(resources);

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('language');

void i18n.use(initReactI18next).init({
  resources,
  lng: stored && languages.includes(stored) ? stored : 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  localStorage.setItem('language', language);
});

export default i18n;
