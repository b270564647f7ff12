import { errorStatus, type ErrorCode } from '@maya/contracts';
import { sentenceFor, type Sentence } from './i18n/sentences.js';

/**
 * An expected failure a person can act on. `detail` is shown to people, in the request's
 * language: pass a catalog sentence, `{ key: 'errors:chats.notFound', values }` (see
 * lib/i18n/locales/errors), and the error handler writes it in the asker's locale; `detail` itself
 * holds its English text (logs, tests). A plain English string that is one of the catalog's
 * sentences is read as that sentence too. `errors` maps field paths to messages. Anything thrown
 * that is not an AppError is an internal error whose text never leaves the server.
 */
export class AppError extends Error {
  readonly status: number;
  readonly detail: string;
  /** The catalog sentence of `detail`, when it has one. */
  readonly sentence: Sentence | undefined;

  constructor(
    readonly code: ErrorCode,
    detail: string | Sentence,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    const sentence = typeof detail === 'string' ? undefined : detail;
    const english = sentence ? sentenceFor(sentence, 'en') : (detail as string);
    super(english);
    this.name = 'AppError';
    this.status = errorStatus[code];
    this.detail = english;
    this.sentence = sentence;
  }
}
