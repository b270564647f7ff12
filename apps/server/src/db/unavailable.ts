/** What a person is told while the database cannot be reached. */
export const databaseUnavailableDetail =
  'The service cannot reach its database right now. Please try again in a few seconds.';

/** What a person is told when the embedded database has more work than it can start in time. */
export const databaseBusyDetail = 'The service is busy right now. Please try again in a moment.';

/** Network failures that mean the database cannot be reached right now. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // The embedded database's folder is on a full or failing disk.
  'ENOSPC',
  'EIO',
  'EROFS',
]);

/**
 * PostgreSQL error codes (SQLSTATE) that say the server is going away, starting, overloaded or
 * out of resources: class 08 (connection), 53 (insufficient resources), 57P (shutdown, cannot
 * connect now), 57014 (a statement cancelled by statement_timeout), 58 (system I/O errors).
 */
function unavailableState(code: string): boolean {
  return /^(08|53|57P|58)/.test(code) || code === '57014';
}

const driverMessages = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
  // PGlite after a fatal error (its WebAssembly engine aborted) or once closed.
  'PGlite is closed',
  'Aborted(',
];

/**
 * Whether an error (or one it wraps, as Drizzle wraps the driver's) means the database is
 * unreachable or failing rather than that the request was wrong: such errors are answered 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (networkCodes.has(code) || unavailableState(code))) return true;
    if (typeof message === 'string' && driverMessages.some((text) => message.includes(text))) {
      return true;
    }
    current = cause;
  }
  return false;
}
