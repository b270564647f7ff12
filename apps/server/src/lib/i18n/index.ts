import { createInstance, type TFunction } from 'i18next';
import type { MailLanguage } from '@maya/contracts';
import authEn from './locales/auth/en.json' with { type: 'json' };
import authPt from './locales/auth/pt.json' with { type: 'json' };

/**
 * The sentences the server writes to people (mails), as i18next catalogs like the web's: one
 * namespace per module, one JSON file per language, English as the fallback. They are bundled
 * with the code, so reading them costs no file access at run time.
 */
export const catalogs = {
  en: { auth: authEn },
  pt: { auth: authPt },
} satisfies Record<MailLanguage, Record<string, unknown>>;

export type Namespace = keyof (typeof catalogs)['en'];

const i18n = createInstance({
  resources: catalogs,
  fallbackLng: 'en',
  ns: Object.keys(catalogs.en),
  // Mails are plain text: nothing to escape.
  interpolation: { escapeValue: false },
  // The catalogs are already here, so the instance is ready when init returns.
  initAsync: false,
});
void i18n.init();

/** The sentences of a namespace in a language. */
export function wordsFor(language: MailLanguage, namespace: Namespace): TFunction {
  return i18n.getFixedT(language, namespace);
}
