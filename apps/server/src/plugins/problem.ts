import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { errorStatus, problemSchema, type ErrorCode, type Problem } from '@maya/contracts';

const titles: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Validation failed',
  MALFORMED_REQUEST: 'Malformed request',
  UNAUTHENTICATED: 'Not signed in',
  INVALID_CREDENTIALS: 'Invalid credentials',
  FORBIDDEN: 'Forbidden',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  UNSUPPORTED_FILE_TYPE: 'Unsupported file type',
  RATE_LIMITED: 'Too many requests',
  INTERNAL: 'Internal error',
  UNAVAILABLE: 'Service unavailable',
};

export function buildProblem(
  code: ErrorCode,
  detail: string,
  instance?: string,
  errors?: Record<string, string>,
): Problem {
  return {
    type: `/api/errors#${code.toLowerCase().replaceAll('_', '-')}`,
    title: titles[code],
    status: errorStatus[code],
    code,
    detail,
    ...(instance ? { instance } : {}),
    ...(errors ? { errors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
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
