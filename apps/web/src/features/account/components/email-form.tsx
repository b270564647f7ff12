import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PrivateUser } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useChangeEmail } from '../api/change-email';
import { useFieldErrors } from '../hooks/use-field-errors';
import { twoColumns } from './two-columns';

const empty = { email: '', confirmEmail: '', password: '' };

/** A new sign-in email, typed twice and confirmed with the current password. */
export function EmailForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const [fields, setFields] = useState(empty);
  const [pending, setPending] = useState<string>();
  const { errors, setErrors, failed, formRef } = useFieldErrors();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (fields.email.trim().toLowerCase() !== fields.confirmEmail.trim().toLowerCase())
      return setErrors({ confirmEmail: t('account.emailsDiffer') });
    setErrors({});
    change.mutate(fields, {
      onSuccess: ({ pendingEmail }) => {
        toast.success(t('account.emailPending', { email: pendingEmail }));
        setPending(pendingEmail);
        setFields(empty);
      },
      onError: failed,
    });
  };

  return (
    <Stack component="form" ref={formRef} onSubmit={save} spacing={2} noValidate>
      <TextField label={t('auth.email')} value={user.email} disabled />
      {pending && <Alert severity="info">{t('account.emailPending', { email: pending })}</Alert>}
      <Box sx={twoColumns}>
        <TextField
          label={t('account.newEmail')}
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={(event) => setFields({ ...fields, email: event.target.value })}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <TextField
          label={t('account.confirmEmail')}
          type="email"
          autoComplete="email"
          value={fields.confirmEmail}
          onChange={(event) => setFields({ ...fields, confirmEmail: event.target.value })}
          error={Boolean(errors.confirmEmail)}
          helperText={errors.confirmEmail}
        />
      </Box>
      <TextField
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={fields.password}
        onChange={(event) => setFields({ ...fields, password: event.target.value })}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          {t('account.updateEmail')}
        </Button>
      </Box>
    </Stack>
  );
}
