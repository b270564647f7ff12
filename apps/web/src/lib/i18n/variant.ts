/**
 * The locale each interface language is written in: its <html lang>, and the variant the server
 * writes this person's mails and answers in. The web's Portuguese is Brazil's (locales/pt.json);
 * the server reads a bare `pt` the same way (PORTUGUESE_VARIANT in @maya/contracts).
 */
const variants: Record<string, string> = { pt: 'pt-BR' };

/** The value of <html lang> (and of the mail language) for each language code. */
export const htmlLanguage = (language: string): string => variants[language] ?? language;
