import type { i18n as I18n } from 'i18next';
import { useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '.';

/** Per language, an i18next instance that shares the app's strings and stays in that language. */
const fixed = new Map<string, I18n>();

function inLanguage(language: string): I18n {
  let instance = fixed.get(language);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: language, initAsync: false });
    fixed.set(language, instance);
  }
  return instance;
}

function subscribe(changed: () => void): () => void {
  i18n.on('languageChanged', changed);
  return () => i18n.off('languageChanged', changed);
}
const current = () => i18n.language;

/**
 * Hands the page's components the interface language through React state, not through i18next's
 * shared instance. A change of language is then a React update like any other: a part of a page
 * the server drew that React hydrates after the change (a lazy part whose code had just come, a
 * part waiting for its turn) is hydrated first with the words its HTML was drawn in, and only
 * then redrawn in the new language. Read from the shared instance, the part would hydrate in the
 * new language against HTML drawn in the old one (React's #418).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribe, current, current);
  return <I18nextProvider i18n={inLanguage(language)}>{children}</I18nextProvider>;
}
