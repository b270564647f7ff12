import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { PrivateUser } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { ApiError } from '../../../lib/api-client';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useResendEmailConfirmation } from '../api/resend-email-confirmation';

/**
 * Shown to a signed-in owner whose email is not confirmed yet: the account works, and the
 * banner offers the confirmation mail again. Loaded only for such an account (root-layout.tsx).
 */
export function EmailBanner({ user }: { user: PrivateUser }) {
  const { t } = useTranslation('verification');
  const ready = useNamespace('verification');
  const resend = useResendEmailConfirmation();
  if (!ready) return null;

  const error = resend.error;
  const problem =
    error instanceof ApiError && error.status === 429
      ? t('tooMany', { minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) })
      : error
        ? errorMessage(error, t('translation:errors.network'))
        : undefined;

  return (
    <Alert
      severity="warning"
      role="region"
      aria-label={t('bannerTitle')}
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('resend')}
        </Button>
      }
    >
      <AlertTitle>{t('bannerTitle')}</AlertTitle>
      {t('bannerText', { email: user.email })}
      {resend.isSuccess && (
        <strong role="status" style={{ display: 'block' }}>
          {t('resent', { email: user.email })}
        </strong>
      )}
      {problem && (
        <strong role="alert" style={{ display: 'block' }}>
          {problem}
        </strong>
      )}
    </Alert>
  );
}
