import type { Problem } from '@maya/contracts';
import type { z } from 'zod';

/** A failed API call, carrying the server's problem details; `message` is the sentence to show. */
export class ApiError extends Error {
  constructor(
    readonly problem: Problem,
    /** A 429's Retry-After, in seconds. */
    readonly retryAfter?: number,
  ) {
    super(problem.detail);
    this.name = 'ApiError';
  }

  get status() {
    return this.problem.status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request finish after the page is closed (a last write on `pagehide`). */
  keepalive?: boolean;
}

function networkProblem(detail: string): Problem {
  return { type: 'about:blank', title: 'Network error', status: 0, code: 'UNAVAILABLE', detail };
}

/**
 * Every call goes through here: same-origin cookie session, the header that proves a request
 * came from this app (CSRF), problem details turned into ApiError, and the answer parsed with
 * the contract's schema.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  // A promise lets the first page fetch while the schemas chunk is still loading.
  schema: T | PromiseLike<T>,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  const parser = Promise.resolve(schema);
  parser.catch(() => undefined); // awaited below; a failed fetch must not leave it unhandled
  const payload = await apiFetch(path, options);
  return (await parser).parse(payload);
}

/**
 * A call whose answer is taken as the contract's type `T` without being parsed again here: the
 * server serializes every answer through the same contract schema (its serializer compiler
 * parses it), so the public pages and the sign-in forms need not load zod and the contracts
 * (95 KB of script, a quarter of a second of evaluation on a phone) to check it twice.
 */
export async function apiCall<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiFetch(path, options)) as T;
}

/**
 * The request without the schema: the answer's JSON (null for 204), unchecked. For the rare
 * caller that can recognise an answer without the schemas chunk (the signed-out session).
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<unknown> {
  const isForm = options.body instanceof FormData;
  return answerOf(
    fetch(`/api/v1${path}`, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
      headers: {
        accept: 'application/json',
        'x-requested-with': 'fetch',
        ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
    }),
  );
}

/**
 * The answer of a request already sent (by apiFetch, or the entry's early session request): its
 * JSON (null for 204), or the ApiError its problem details describe.
 */
export async function answerOf(request: Promise<Response>): Promise<unknown> {
  let response: Response;
  try {
    response = await request;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(networkProblem('Network Error'));
  }
  if (response.status === 204) return null;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { isProblem } = await import('@maya/contracts');
    throw new ApiError(
      isProblem(payload)
        ? payload
        : networkProblem(`Request failed with status code ${response.status}`),
      Number(response.headers.get('retry-after')) || undefined,
    );
  }
  return payload;
}
