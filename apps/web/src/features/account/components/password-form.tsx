import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useChangePassword } from '../api/change-password';
import { useFieldErrors } from '../hooks/use-field-errors';
import { twoColumns } from './two-columns';

const empty = { currentPassword: '', password: '', confirmPassword: '' };

/** The current password, then the new one twice. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [fields, setFields] = useState(empty);
  const { errors, setErrors, failed, formRef } = useFieldErrors();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (fields.password !== fields.confirmPassword)
      return setErrors({ confirmPassword: t('account.passwordsDiffer') });
    setErrors({});
    change.mutate(fields, {
      onSuccess: () => {
        toast.success(t('account.passwordUpdated'));
        setFields(empty);
      },
      onError: failed,
    });
  };

  return (
    <Stack component="form" ref={formRef} onSubmit={save} spacing={2} noValidate>
      <TextField
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={fields.currentPassword}
        onChange={(event) => setFields({ ...fields, currentPassword: event.target.value })}
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword}
      />
      <Box sx={twoColumns}>
        <TextField
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={(event) => setFields({ ...fields, password: event.target.value })}
          error={Boolean(errors.password)}
          helperText={errors.password ?? t('auth.passwordHint')}
        />
        <TextField
          label={t('account.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={(event) => setFields({ ...fields, confirmPassword: event.target.value })}
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword}
        />
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          {t('account.updatePassword')}
        </Button>
      </Box>
    </Stack>
  );
}
