import { legacyProblemSchema } from '@maya/contracts';
import { problemResponses } from '../../plugins/problem.js';

const problemsOf = problemResponses(legacyProblemSchema);

/** The problems any legacy call may answer, with `error` beside `detail`. */
export const legacyProblems = problemsOf(400, 401, 403, 404, 409, 429);

/** An upload's: the same, and a file too large or of another type. */
export const legacyUploadProblems = problemsOf(400, 401, 403, 404, 409, 413, 415, 429);

/**
 * Every legacy route is documented under one tag and marked deprecated. The paths outside /api
 * read a Bearer token only; a route under /api says who may call it after this.
 */
export function legacyOperation(summary: string) {
  return { tags: ['legacy'], deprecated: true, summary, security: [{ bearer: [] }] };
}

/**
 * The same per-address ceilings as the /api/v1 routes these calls stand for (failed sign-ins
 * and reset requests have their own, tighter throttles inside the auth services).
 */
export const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '15 minutes' } });
