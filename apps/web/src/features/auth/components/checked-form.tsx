import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { loadContracts, prefetchContracts } from '../../../lib/contracts';

export type Contracts = Awaited<ReturnType<typeof loadContracts>>;

/**
 * A form whose input is checked with the contract schemas before it is sent. They load when the
 * form is first focused (see lib/contracts.ts); `onSend` gets them when it is sent, and
 * `onFailure` the sentence to show if they could not be loaded. `formRef` is the form's own
 * (components/use-errors-in-view.ts brings its errors into view).
 */
export function CheckedForm({
  onSend,
  onFailure,
  formRef,
  children,
}: {
  onSend: (contracts: Contracts) => void;
  onFailure: (message: string) => void;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      component="form"
      ref={formRef}
      noValidate
      spacing={2}
      onFocus={prefetchContracts}
      onSubmit={(event) => {
        event.preventDefault();
        loadContracts()
          .then(onSend)
          .catch((error: unknown) => onFailure(errorMessage(error, t('errors.network'))));
      }}
    >
      {children}
    </Stack>
  );
}

/** The email field of the sign-in and reset forms. */
export function EmailField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      required
    />
  );
}
