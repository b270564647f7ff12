import type { MailLanguage } from '@maya/contracts';

const mailLanguages: readonly string[] = ['en', 'pt'] satisfies MailLanguage[];

/** The mail language for an interface language, or undefined when mails have none like it. */
export function mailLanguageOf(language: string | undefined): MailLanguage | undefined {
  const code = language?.split('-')[0];
  return code && mailLanguages.includes(code) ? (code as MailLanguage) : undefined;
}
