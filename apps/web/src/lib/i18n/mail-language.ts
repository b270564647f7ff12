import type { MailLanguage } from '@maya/contracts';
import { htmlLanguage } from './variant';

const mailLanguages: readonly string[] = ['en', 'pt', 'pt-PT', 'pt-BR'] satisfies MailLanguage[];

/**
 * The mail language for an interface language, with its region (the web's Portuguese is pt-BR),
 * or undefined when mails have none like it.
 */
export function mailLanguageOf(language: string | undefined): MailLanguage | undefined {
  if (!language) return undefined;
  const variant = htmlLanguage(language);
  if (mailLanguages.includes(variant)) return variant as MailLanguage;
  const code = variant.split('-')[0];
  return code && mailLanguages.includes(code) ? (code as MailLanguage) : undefined;
}
