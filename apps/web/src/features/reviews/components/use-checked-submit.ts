import { useState } from 'react';
import { errorMessage, problemErrors, type FieldErrors } from '../../../components/field-errors';
import { useErrorsInView } from '../../../components/use-errors-in-view';

/**
 * The review and reply forms' sending: the form's own checks first, then the request; a refusal
 * shows in the server's words beside the field it names, else above the button (`fallback` when
 * it gives none), scrolled into view. What was typed stays.
 */
export function useCheckedSubmit(fallback: string) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const form = useErrorsInView(fieldErrors, error);

  async function send(checked: FieldErrors, request: () => Promise<void>) {
    setError(null);
    setFieldErrors(checked);
    if (Object.keys(checked).length > 0) return;
    try {
      await request();
    } catch (failure) {
      const fields = problemErrors(failure);
      setFieldErrors(fields);
      setError(Object.keys(fields).length > 0 ? null : errorMessage(failure, fallback));
    }
  }

  return { fieldErrors, error, form, send };
}
