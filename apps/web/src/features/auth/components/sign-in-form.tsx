import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  errorMessage,
  problemErrors,
  schemaErrors,
  type FieldErrors,
} from '../../../components/field-errors';
import { useLogin } from '../api/auth-mutations';
import { Busy } from './busy';
import { CheckedForm, EmailField, type Contracts } from './checked-form';

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  // Only a path of this site, never another origin.
  const target = next && /^\/(?!\/)/.test(next) ? next : '/';
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = ({ loginBodySchema }: Contracts) => {
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(schemaErrors(parsed.error));
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: () => void navigate(target),
      onError: (error) => setErrors(problemErrors(error)),
    });
  };

  if (login.isPending) return <Busy />;
  return (
    <CheckedForm onSend={submit} onFailure={(message) => setErrors({ form: message })}>
      {login.isError && (
        <Alert severity="error">{errorMessage(login.error, t('auth.wrongCredentials'))}</Alert>
      )}
      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
        required
      />
      <Button type="submit" variant="contained" size="large">
        {t('auth.signIn')}
      </Button>
    </CheckedForm>
  );
}
