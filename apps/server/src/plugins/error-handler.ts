import type { FastifyError, FastifyInstance } from 'fastify';
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
import { buildProblem, sendProblem } from './problem.js';

/** Fastify's own client-error codes, each with the sentence a person sees. */
const frameworkErrors: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_REQUEST', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    'MALFORMED_REQUEST',
    'The request body is empty but its content type says JSON.',
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    'This content type is not accepted here; send application/json.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    'MALFORMED_REQUEST',
    'The Content-Length header does not match the body.',
  ],
  FST_ERR_CTP_INVALID_TYPE: ['MALFORMED_REQUEST', 'The Content-Type header is invalid.'],
  FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'A file is larger than allowed.'],
  FST_FILES_LIMIT: ['PAYLOAD_TOO_LARGE', 'Too many files in one upload.'],
  FST_PARTS_LIMIT: ['PAYLOAD_TOO_LARGE', 'Too many parts in one upload.'],
  FST_FIELDS_LIMIT: ['PAYLOAD_TOO_LARGE', 'Too many form fields in one upload.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    'Send the files as multipart/form-data.',
  ],
  FST_PROTO_VIOLATION: ['MALFORMED_REQUEST', 'The upload is malformed.'],
  FST_ERR_BAD_URL: ['MALFORMED_REQUEST', 'The request URL is malformed.'],
  FST_ERR_ASYNC_CONSTRAINT: ['MALFORMED_REQUEST', 'The request could not be routed.'],
};

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
          buildProblem(error.code, error.detail, request.url, error.errors),
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
          buildProblem(
            'VALIDATION_FAILED',
            'Some fields are missing or invalid.',
            request.url,
            errors,
          ),
        );
      }

      const known = error.code ? frameworkErrors[error.code] : undefined;
      if (known) return sendProblem(reply, buildProblem(known[0], known[1], request.url));

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = statusCodes[status] ?? 'MALFORMED_REQUEST';
        return sendProblem(reply, buildProblem(code, error.message, request.url));
      }

      if (isDatabaseBusy(error)) {
        // Load, not a fault: no stack, and the client may come back at once.
        request.log.warn({ cause: (error as Error).message }, 'database busy');
        reply.header('retry-after', '1');
        return sendProblem(reply, buildProblem('UNAVAILABLE', databaseBusyDetail, request.url));
      }

      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendProblem(
          reply,
          buildProblem('UNAVAILABLE', databaseUnavailableDetail, request.url),
        );
      }

      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(
        reply,
        buildProblem(
          'INTERNAL',
          'Something went wrong on our side. Please try again.',
          request.url,
        ),
      );
    });
  },
  { name: 'error-handler' },
);
