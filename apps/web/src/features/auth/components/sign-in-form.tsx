import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@maya/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  errorMessage,
  problemErrors,
  schemaErrors,
  type FieldErrors,
} from '../../../components/field-errors';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { ApiError } from '../../../lib/api-client';
import { returnPath } from '../../../lib/return-path';
import { useLogin } from '../api/login';
import { Busy } from './busy';
import { CheckedForm, EmailField, type Contracts } from './checked-form';

/** After this long, a pending sign-in is being slowed down (failed attempts on the account). */
const SLOW_SIGN_IN_MS = 3_000;

/**
 * Email and password, with a mailed sign-in link always offered beside them: it is the way in
 * when sign-in is paused or slowed by failed attempts, the owner's or anyone's. An account of the
 * other role signs in all the same, and is told which kind of account it is.
 */
export function SignInForm({
  role,
  onEmailLink,
}: {
  /** The portal's role: businesses at /sellerauth, clients at /buyerauth; null at /signin. */
  role: Role | null;
  onEmailLink: (email: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Only a path of this site, never another origin.
  const target = returnPath(params.get('next'));
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useErrorsInView(errors, login.error);

  const submit = ({ loginBodySchema }: Contracts) => {
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(schemaErrors(parsed.error));
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: ({ user }) => {
        if (role !== null && user.role !== role) {
          toast.info(
            user.role === 'buyer' ? t('auth.signedInAsClient') : t('auth.signedInAsBusiness'),
            {
              autoClose: 12_000,
            },
          );
        }
        void navigate(target);
      },
      onError: (error) => setErrors(problemErrors(error)),
    });
  };

  const linkButton = (
    <Button variant="outlined" size="large" onClick={() => onEmailLink(email.trim())}>
      {t('auth.emailMeLink')}
    </Button>
  );
  const paused = login.error instanceof ApiError && login.error.problem.code === 'RATE_LIMITED';

  if (login.isPending) return <SigningIn linkButton={linkButton} />;
  return (
    <CheckedForm
      onSend={submit}
      onFailure={(message) => setErrors({ form: message })}
      formRef={formRef}
    >
      {paused ? (
        <Alert severity="warning">{t('auth.signInPaused')}</Alert>
      ) : (
        login.isError && (
          <Alert severity="error">{errorMessage(login.error, t('auth.wrongCredentials'))}</Alert>
        )
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
      {linkButton}
    </CheckedForm>
  );
}

/** A sign-in under way; once it is clearly being slowed down, the link is offered. */
function SigningIn({ linkButton }: { linkButton: ReactNode }) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack spacing={2}>
      <Busy />
      {slow && <Alert severity="info">{t('auth.signInSlow')}</Alert>}
      {slow && linkButton}
    </Stack>
  );
}
