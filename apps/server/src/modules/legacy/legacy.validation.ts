import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

/**
 * Parses mapped legacy input with the /api/v1 schema it stands for, so every rule is the one of
 * the new API. Field paths of the new shape are renamed to the old fields in the problem.
 */
export function validateAs<T extends z.ZodType>(
  schema: T,
  input: unknown,
  rename: Record<string, string> = {},
): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const field = rename[path] ?? rename[String(issue.path[0] ?? '')] ?? (path || 'request');
    errors[field] ??= issue.message;
  }
  throw new AppError('VALIDATION_FAILED', 'Some fields are missing or invalid.', errors);
}
