import { errorStatus, type ErrorCode } from '@maya/contracts';

/**
 * An expected failure a person can act on. `detail` is shown to people as is; `errors` maps
 * field paths to messages. Anything thrown that is not an AppError is an internal error whose
 * text never leaves the server.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}
