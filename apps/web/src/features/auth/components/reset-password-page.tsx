import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { passwordResetConfirmBodySchema } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  errorMessage,
  problemErrors,
  schemaErrors,
  type FieldErrors,
} from '../../../components/field-errors';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { Busy } from './busy';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useErrorsInView(errors, confirm.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetConfirmBodySchema.safeParse({ token, password });
    const next = parsed.success ? {} : schemaErrors(parsed.error);
    if (password !== again) next.confirmPassword = t('auth.passwordsDiffer');
    if (!parsed.success || Object.keys(next).length > 0) return setErrors(next);
    setErrors({});
    confirm.mutate(parsed.data, { onError: (error) => setErrors(problemErrors(error)) });
  };

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography variant="h1" sx={{ fontSize: '2rem' }} gutterBottom>
          {t('auth.resetTitle')}
        </Typography>
        {!token ? (
          <Alert severity="error">{t('auth.resetMissing')}</Alert>
        ) : confirm.isPending ? (
          <Busy />
        ) : confirm.isSuccess ? (
          <Stack spacing={2}>
            <Alert severity="success">{t('auth.resetDone')}</Alert>
            <Stack direction="row" spacing={2}>
              <Button component={RouterLink} to="/buyerauth" variant="contained">
                {t('auth.signInClient')}
              </Button>
              <Button component={RouterLink} to="/sellerauth" variant="outlined">
                {t('auth.signInBusiness')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack component="form" ref={formRef} noValidate onSubmit={submit} spacing={2}>
            {confirm.isError && (
              <Alert severity="error">{errorMessage(confirm.error, t('errors.network'))}</Alert>
            )}
            <TextField
              label={t('auth.newPassword')}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password ?? t('auth.passwordHint')}
            />
            <TextField
              label={t('auth.confirmPassword')}
              type="password"
              autoComplete="new-password"
              value={again}
              onChange={(event) => setAgain(event.target.value)}
              error={Boolean(errors.confirmPassword)}
              helperText={errors.confirmPassword}
            />
            <Button type="submit" variant="contained" size="large">
              {t('auth.savePassword')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
