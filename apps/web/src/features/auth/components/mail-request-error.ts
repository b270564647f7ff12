import { errorMessage } from '../../../components/field-errors';
import { ApiError } from '../../../lib/api-client';

/**
 * What a refused request for a mailed link (sign-in, reset) says: the server could not queue the
 * mail (503) in the interface's language, else the server's sentence.
 */
export function mailRequestError(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 503) return t('auth.mailUnavailable');
  return errorMessage(error, t('errors.network'));
}
