import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors, type FieldErrors } from '../../../components/field-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { Busy } from './busy';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { CheckedForm, EmailField, type Contracts } from './checked-form';
import { mailRequestError } from './mail-request-error';

export function ForgotForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useErrorsInView(errors, request.error);

  const submit = ({ passwordResetRequestBodySchema }: Contracts) => {
    const parsed = passwordResetRequestBodySchema.safeParse({ email });
    if (!parsed.success) return setErrors(schemaErrors(parsed.error));
    setErrors({});
    request.mutate(parsed.data.email);
  };

  if (request.isPending) return <Busy />;
  if (request.isSuccess) return <Alert severity="success">{t('auth.resetSent')}</Alert>;
  return (
    <CheckedForm
      onSend={submit}
      onFailure={(message) => setErrors({ email: message })}
      formRef={formRef}
    >
      <Typography color="text.secondary">{t('auth.forgotIntro')}</Typography>
      {request.isError && <Alert severity="error">{mailRequestError(request.error, t)}</Alert>}
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <Button type="submit" variant="contained" size="large">
        {t('auth.sendMessage')}
      </Button>
    </CheckedForm>
  );
}
