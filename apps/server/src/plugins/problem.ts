import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { errorStatus, problemSchema, type ErrorCode, type Problem } from '@maya/contracts';

/** Each code's title, the `title` of its problems. */
export const problemTitles: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Validation failed',
  MALFORMED_REQUEST: 'Malformed request',
  UNAUTHENTICATED: 'Not signed in',
  INVALID_CREDENTIALS: 'Invalid credentials',
  INVALID_CODE: 'Invalid code',
  FORBIDDEN: 'Forbidden',
  FRESH_CODE_REQUIRED: 'Fresh code required',
  ACCOUNT_SUSPENDED: 'Account suspended',
  CONVERSATION_CLOSED: 'Conversation closed',
  NOT_FOUND: 'Not found',
  REQUEST_TIMEOUT: 'Request timeout',
  CONFLICT: 'Conflict',
  OFFER_SUPERSEDED: 'Offer superseded',
  OFFER_EXPIRED: 'Offer expired',
  INVALID_TRANSITION: 'Not possible now',
  COUNTER_LIMIT: 'No counters left',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  UNSUPPORTED_FILE_TYPE: 'Unsupported file type',
  ENDPOINT_NOT_ALLOWED: 'Endpoint not allowed',
  HEADERS_TOO_LARGE: 'Request headers too large',
  RATE_LIMITED: 'Too many requests',
  INTERNAL: 'Internal error',
  UNAVAILABLE: 'Service unavailable',
};

/** What each code means and what the caller can do, for the page at the problems' `type`. */
export const problemMeanings: Record<ErrorCode, string> = {
  VALIDATION_FAILED:
    'Some fields of the request are missing or invalid; `errors` names each one with its message. Correct them and send again.',
  MALFORMED_REQUEST:
    'The request cannot be read: its URL, JSON body, headers or upload are malformed. Send it again well-formed.',
  UNAUTHENTICATED:
    'The call needs a session: sign in, then send the session cookie or an `Authorization: Bearer` token.',
  INVALID_CREDENTIALS:
    'The email and password do not match an account. Check them, or sign in with a mailed link.',
  INVALID_CODE:
    'An operator’s TOTP or recovery code is wrong, already used, or too old (only the current 30-second step and the one before count, each once). Send a new code; after five wrong ones in a row, codes are refused for a while.',
  FORBIDDEN:
    'The caller may not do this: the account lacks the right, or a cookie-authenticated write came without its same-origin proof (`Origin` or `X-Requested-With`).',
  CONVERSATION_CLOSED:
    'This conversation does not take messages now: nothing was sent, and nothing was stored. It may open again later.',
  ACCOUNT_SUSPENDED:
    'An operator has suspended or terminated the account: `detail` says until when and why. The decision and how to appeal it were mailed to the account’s address.',
  FRESH_CODE_REQUIRED:
    'A destructive console action needs a code proven in the last five minutes. Send a new code to `POST /api/v1/admin/session/code`, then the action again.',
  NOT_FOUND:
    'Nothing is there, or it is not yours to see (another person’s chat answers the same).',
  REQUEST_TIMEOUT:
    'The request’s headers or body did not arrive within the server’s time limit (`HTTP_HEADERS_TIMEOUT_MS`, `HTTP_REQUEST_TIMEOUT_MS`); the connection is closed. Send it again, all at once.',
  CONFLICT: 'The request clashes with what exists, such as an email already registered.',
  OFFER_SUPERSEDED:
    'The offer version the move names was replaced by a newer one (an update or a counter): nothing changed. Read the deal again and answer the newest version.',
  OFFER_EXPIRED:
    'The offer version the move names passed its valid-until, so it can no longer be accepted or countered. The business may make a new offer.',
  INVALID_TRANSITION:
    'The deal is not in a state that takes this move from you now (it was accepted, declined, withdrawn, cancelled or completed meanwhile, or the move is the other side’s). Read the deal again for the moves you have.',
  COUNTER_LIMIT:
    'Each side counters at most three times in one negotiation (a business’s updates count as counters). Accept or decline the standing version instead.',
  PAYLOAD_TOO_LARGE: 'The body, a file, or the number of files is over the limit.',
  UNSUPPORTED_MEDIA_TYPE:
    'The body’s content type is not accepted here; JSON calls take `application/json`, uploads `multipart/form-data`.',
  UNSUPPORTED_FILE_TYPE: 'An uploaded file is not an image the server accepts (PNG, JPEG or WebP).',
  ENDPOINT_NOT_ALLOWED:
    'The server will not send requests to this address (a push subscription’s `endpoint`): it must be an https: URL on an allowed port (443 unless the server is configured otherwise) whose host resolves only to public addresses, never to this host, a private, link-local or unique-local network, or a cloud metadata service. The answer is the same whatever the reason.',
  HEADERS_TOO_LARGE:
    'The request’s headers are larger than the server reads (16 KB in all); the connection is closed. Send fewer or shorter headers, such as cookies.',
  RATE_LIMITED:
    'Too many requests from this address or account; wait for the time in `Retry-After` and try again.',
  INTERNAL:
    'The server failed unexpectedly; the cause is in its log under the request id. Try again later.',
  UNAVAILABLE:
    'A service the server needs (the database, image storage, or payments) is not available now. Try again later.',
};

/** Where the problems' `type` URIs point: a page listing every code (plugins/error-codes.ts). */
export const ERROR_CODES_PATH = '/api/errors';

/** The fragment of a code on that page: `VALIDATION_FAILED` is `validation-failed`. */
export function errorCodeAnchor(code: ErrorCode): string {
  return code.toLowerCase().replaceAll('_', '-');
}

export function buildProblem(
  code: ErrorCode,
  detail: string,
  instance?: string,
  errors?: Record<string, string>,
): Problem {
  return {
    type: `${ERROR_CODES_PATH}#${errorCodeAnchor(code)}`,
    title: problemTitles[code],
    status: errorStatus[code],
    code,
    detail,
    ...(instance ? { instance } : {}),
    ...(errors ? { errors } : {}),
  };
}

/**
 * A problem answers one request and is never kept by a cache, even where no onSend hook runs
 * (Fastify's frameworkErrors answer before the app's hooks).
 */
export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

/**
 * The problem answers of a route's `response` map, one schema per status, so each route names
 * the statuses it can answer and the OpenAPI document lists them:
 * `response: { 200: meResponseSchema, ...problems(400, 401) }`.
 */
export function problemResponses<T extends z.ZodType>(schema: T) {
  return <const S extends number>(...statuses: S[]): Record<S, T> =>
    Object.fromEntries(statuses.map((status) => [status, schema])) as Record<S, T>;
}

/** The /api/v1 problems (legacy routes build theirs from legacyProblemSchema). */
export const problems = problemResponses(problemSchema);
