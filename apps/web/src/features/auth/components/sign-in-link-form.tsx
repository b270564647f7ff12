import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { schemaErrors, type FieldErrors } from '../../../components/field-errors';
import { nextOf } from '../../../lib/return-path';
import { useRequestSignInLink } from '../api/request-sign-in-link';
import { Busy } from './busy';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { CheckedForm, EmailField, type Contracts } from './checked-form';
import { mailRequestError } from './mail-request-error';

/** Asks for a mailed sign-in link: the way in that failed passwords (anyone's) cannot pause. */
export function SignInLinkForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const request = useRequestSignInLink();
  // The page to come back to rides along in the mailed link (a path of this site only).
  const [params] = useSearchParams();
  const next = nextOf(params.get('next'));
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useErrorsInView(errors, request.error);

  const submit = ({ signInLinkRequestBodySchema }: Contracts) => {
    const parsed = signInLinkRequestBodySchema.safeParse({ email, next });
    if (!parsed.success) return setErrors(schemaErrors(parsed.error));
    setErrors({});
    request.mutate(parsed.data);
  };

  if (request.isPending) return <Busy />;
  if (request.isSuccess) return <Alert severity="success">{t('auth.linkSent')}</Alert>;
  return (
    <CheckedForm
      onSend={submit}
      onFailure={(message) => setErrors({ email: message })}
      formRef={formRef}
    >
      <Typography color="text.secondary">{t('auth.linkIntro')}</Typography>
      {request.isError && <Alert severity="error">{mailRequestError(request.error, t)}</Alert>}
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <Button type="submit" variant="contained" size="large">
        {t('auth.emailMeLink')}
      </Button>
    </CheckedForm>
  );
}
