import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { problemErrors, type FieldErrors } from '../../../components/field-errors';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { ApiError } from '../../../lib/api-client';

/**
 * A current password refused for a while (429 naming the password's field): the sentence to
 * show under that field, in the interface's language, with the minutes Retry-After gives.
 */
export function passwordPausedMessage(
  error: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | undefined {
  if (!(error instanceof ApiError) || error.problem.code !== 'RATE_LIMITED') return undefined;
  if (Object.keys(error.problem.errors ?? {}).length === 0) return undefined;
  return error.retryAfter
    ? t('account.passwordPaused', { minutes: Math.ceil(error.retryAfter / 60) })
    : t('account.passwordPausedLater');
}

/**
 * A form's field messages: set by its own checks, or by the server's answer when a save fails.
 * The first field at fault is then scrolled into view and focused: `formRef` goes on the form.
 */
export function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useErrorsInView<HTMLFormElement>(errors);
  const failed = (error: Error) => {
    const fields = problemErrors(error);
    const paused = passwordPausedMessage(error, t);
    setErrors(
      paused ? Object.fromEntries(Object.keys(fields).map((field) => [field, paused])) : fields,
    );
    toast.error(paused ?? error.message);
  };
  return { errors, setErrors, failed, formRef };
}
