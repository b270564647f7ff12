import { catalogs, localeOfRequest, wordsFor, type Locale } from './index.js';

/** A catalog sentence with its values: `{ key: 'errors:chats.notFound' }`. */
export interface Sentence {
  /** `namespace:dotted.key`. */
  key: string;
  values?: Record<string, unknown>;
}

/** A sentence in a locale. */
export function sentenceFor(sentence: Sentence, locale: Locale): string {
  const [namespace, key] = splitKey(sentence.key);
  return wordsFor(locale, namespace)(key, sentence.values ?? {});
}

/**
 * A field's message (`errors:fields.<key>`), in English as the API's field messages are written:
 * the error handler puts it in the asker's language (`problemWordsIn`).
 */
export const fieldMessage = (key: string): string =>
  sentenceFor({ key: `errors:fields.${key}` }, 'en');

function splitKey(key: string): [string, string] {
  const colon = key.indexOf(':');
  return colon === -1 ? ['errors', key] : [key.slice(0, colon), key.slice(colon + 1)];
}

/** Every string leaf of a catalog as [dotted key, sentence]. */
export function leaves(tree: unknown, prefix = ''): [string, string][] {
  return Object.entries((tree ?? {}) as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /{{\s*(\w+)(?:\s*,[^}]*)?}}/g;

/**
 * The English sentences of the `errors` catalog as patterns, so an English detail written in code
 * is found again: `Please wait 12 s` is `auth.tooManyResets` with `seconds: 12`.
 */
const englishErrors = leaves(catalogs.en.errors).map(([key, sentence]) => {
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const match of sentence.matchAll(PLACEHOLDER)) {
    pattern += `${escapeRegExp(sentence.slice(last, match.index))}(.+?)`;
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  pattern += escapeRegExp(sentence.slice(last));
  return {
    key: `errors:${key}`,
    pattern: new RegExp(`^${pattern}$`, 's'),
    names,
    fixed: !names.length,
  };
});
const byText = new Map(
  leaves(catalogs.en.errors).map(([key, sentence]) => [sentence, `errors:${key}`]),
);

/** A number written in English ("40,000,000", "12") as a number, so the locale writes it. */
const asValue = (text: string): unknown =>
  /^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(text)
    ? Number(text.replaceAll(',', ''))
    : text;

/** The catalog sentence an English error text is, if it is one. */
export function errorSentenceOf(text: string): Sentence | undefined {
  const exact = byText.get(text);
  if (exact) return { key: exact };
  for (const entry of englishErrors) {
    if (entry.fixed) continue;
    const match = entry.pattern.exec(text);
    if (match) {
      return {
        key: entry.key,
        values: Object.fromEntries(entry.names.map((name, i) => [name, asValue(match[i + 1]!)])),
      };
    }
  }
  return undefined;
}

/**
 * An error text (a problem's `detail`, or a field's message) in a locale: its catalog sentence
 * when it has one, else the text as it is.
 */
export function errorTextIn(
  locale: Locale,
  text: string,
  sentence: Sentence | undefined = errorSentenceOf(text),
): string {
  if (locale === 'en' && !sentence) return text;
  return sentence ? sentenceFor(sentence, locale) : text;
}

/**
 * The locale of an answer's words: the asker's (the web's language cookie, else Accept-Language)
 * on the /api/v1 API; English on every other path, where the old client reads them as it always
 * has.
 */
export function answerLocale(
  request: Parameters<typeof localeOfRequest>[0] & { url: string },
): Locale {
  return request.url.startsWith('/api/v1/') ? localeOfRequest(request) : 'en';
}

/** A sentence in the locale of the answer to `request` (`answerLocale`). */
export function sentenceIn(
  request: Parameters<typeof answerLocale>[0],
  sentence: Sentence,
): string {
  return sentenceFor(sentence, answerLocale(request));
}

/** A problem's words in a locale: its detail (a sentence, or an English text) and field messages. */
export function problemWordsIn(
  locale: Locale,
  detail: string | Sentence,
  errors?: Record<string, string>,
): { detail: string; errors?: Record<string, string> } {
  return {
    detail: typeof detail === 'string' ? errorTextIn(locale, detail) : sentenceFor(detail, locale),
    ...(errors && {
      errors: Object.fromEntries(
        Object.entries(errors).map(([field, message]) => [field, errorTextIn(locale, message)]),
      ),
    }),
  };
}
