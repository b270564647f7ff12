import type { z } from 'zod';
import { ApiError } from '../lib/api-client';

export type FieldErrors = Record<string, string>;

/** Field messages from a failed schema check, keyed by dotted path ("location.lat"). */
export function schemaErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Field messages from the server's problem details, if it sent any. */
export function problemErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? (error.problem.errors ?? {}) : {};
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
