import type { FastifyReply } from 'fastify';
import { errorStatus, type ErrorCode, type Problem } from '@maya/contracts';

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
