import { z } from 'zod';

/**
 * Stable machine codes carried in every problem-details answer. Each code has exactly one HTTP
 * status, so clients can branch on `code` and never parse `detail`.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_CODE: 401,
  FORBIDDEN: 403,
  FRESH_CODE_REQUIRED: 403,
  ACCOUNT_SUSPENDED: 403,
  CONVERSATION_CLOSED: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  OFFER_SUPERSEDED: 409,
  OFFER_EXPIRED: 409,
  INVALID_TRANSITION: 409,
  COUNTER_LIMIT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_FILE_TYPE: 415,
  ENDPOINT_NOT_ALLOWED: 422,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

/** RFC 9457 problem details, with our stable `code` and optional per-field messages. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: errorCodeSchema,
    detail: z.string(),
    instance: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;

export function isProblem(value: unknown): value is Problem {
  return problemSchema.safeParse(value).success;
}

/** The page every problem's `type` points to: each code, its status, title and meaning. */
export const errorCodesSchema = z
  .object({
    codes: z.array(
      z.object({
        code: errorCodeSchema,
        status: z.number().int(),
        title: z.string(),
        meaning: z.string(),
        /** The `type` of this code's problems. */
        type: z.string(),
      }),
    ),
  })
  .meta({ id: 'ErrorCodes' });

export type ErrorCodes = z.infer<typeof errorCodesSchema>;
