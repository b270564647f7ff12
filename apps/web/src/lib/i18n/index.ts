import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export const languages = ['en'] as const;
export type Language = (typeof languages)[number];

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('language');

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: languages.includes(stored as Language) ? (stored as Language) : 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  localStorage.setItem('language', language);
});

export default i18n;
