import type { LegacyProblem, Problem } from '@maya/contracts';

/** The whole answer to a request with field errors, written out as a client reads it. */
export function validationProblem(instance: string, errors: Record<string, string>): Problem {
  return {
    type: '/api/errors#validation-failed',
    title: 'Validation failed',
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: 'Some fields are missing or invalid.',
    instance,
    errors,
  };
}

/** The same problem as the original client's calls answer it: the detail again as `error`. */
export function legacyValidationProblem(
  instance: string,
  errors: Record<string, string>,
): LegacyProblem {
  const problem = validationProblem(instance, errors);
  return { ...problem, error: problem.detail };
}
