import { useState } from 'react';
import { toast } from 'react-toastify';
import { problemErrors, type FieldErrors } from '../../../components/field-errors';

/** A form's field messages: set by its own checks, or by the server's answer when a save fails. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const failed = (error: Error) => {
    setErrors(problemErrors(error));
    toast.error(error.message);
  };
  return { errors, setErrors, failed };
}
