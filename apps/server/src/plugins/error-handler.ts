import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@maya/contracts';
import { isDatabaseBusy } from '../db/pglite-gate.js';
import {
  databaseBusyDetail,
  databaseUnavailableDetail,
  isDatabaseUnavailable,
} from '../db/unavailable.js';
import { AppError } from '../lib/app-error.js';
import { answerLocale, problemWordsIn, type Sentence } from '../lib/i18n/sentences.js';
import { buildProblem, sendProblem } from './problem.js';

/** Fastify's own client-error codes, each with the sentence a person sees (locales/errors). */
const frameworkErrors: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_REQUEST', 'request.invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_REQUEST', 'request.emptyJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'request.bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'request.mediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['MALFORMED_REQUEST', 'request.contentLength'],
  FST_ERR_CTP_INVALID_TYPE: ['MALFORMED_REQUEST', 'request.contentType'],
  FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'request.fileTooLarge'],
  FST_FILES_LIMIT: ['PAYLOAD_TOO_LARGE', 'request.tooManyFiles'],
  FST_PARTS_LIMIT: ['PAYLOAD_TOO_LARGE', 'request.tooManyParts'],
  FST_FIELDS_LIMIT: ['PAYLOAD_TOO_LARGE', 'request.tooManyFields'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'request.multipart'],
  FST_PROTO_VIOLATION: ['MALFORMED_REQUEST', 'request.uploadMalformed'],
  FST_ERR_BAD_URL: ['MALFORMED_REQUEST', 'request.badUrl'],
  FST_ERR_ASYNC_CONSTRAINT: ['MALFORMED_REQUEST', 'request.notRouted'],
};

/** A problem whose detail (and field messages) are written in the asker's locale. */
function localProblem(
  request: FastifyRequest,
  code: ErrorCode,
  detail: string | Sentence,
  errors?: Record<string, string>,
) {
  const words = problemWordsIn(answerLocale(request), detail, errors);
  return buildProblem(code, words.detail, request.url, words.errors);
}

const sentence = (key: string): Sentence => ({ key: `errors:${key}` });

const statusCodes: Record<number, ErrorCode> = {
  400: 'MALFORMED_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * The one place errors become answers: problem details for everything, with the text of
 * unexpected errors kept in the log and never sent.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return sendProblem(
          reply,
          localProblem(request, error.code, error.sentence ?? error.detail, error.errors),
        );
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const key = path || (error.validationContext ?? 'request');
          errors[key] ??= issue.message ?? 'Invalid value';
        }
        return sendProblem(
          reply,
          localProblem(request, 'VALIDATION_FAILED', sentence('request.invalidFields'), errors),
        );
      }

      const known = error.code ? frameworkErrors[error.code] : undefined;
      if (known) return sendProblem(reply, localProblem(request, known[0], sentence(known[1])));

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = statusCodes[status] ?? 'MALFORMED_REQUEST';
        return sendProblem(reply, localProblem(request, code, error.message));
      }

      if (isDatabaseBusy(error)) {
        // Load, not a fault: no stack, and the client may come back at once.
        request.log.warn({ cause: (error as Error).message }, 'database busy');
        reply.header('retry-after', '1');
        return sendProblem(reply, localProblem(request, 'UNAVAILABLE', databaseBusyDetail));
      }

      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendProblem(reply, localProblem(request, 'UNAVAILABLE', databaseUnavailableDetail));
      }

      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(reply, localProblem(request, 'INTERNAL', sentence('request.internal')));
    });
  },
  { name: 'error-handler' },
);
