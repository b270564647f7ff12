import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { PrivateUser } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../field-errors';
import { ApiError, apiCall } from '../../lib/api-client';
import { useNamespace } from '../../lib/i18n/use-namespace';
import { useState } from 'react';

/** Mails the signed-in account's confirmation link again (limited; a 429 says when to retry). */
const resendEmailConfirmation = () =>
  apiCall<{ message: string }>('/auth/email-confirmation', { method: 'POST' });

/**
 * Shown to a signed-in owner whose email is not confirmed yet: the account works, and the
 * banner offers the confirmation mail again. The top bar loads it only for such an account, so
 * no other visitor downloads it.
 */
export function EmailBanner({ user }: { user: PrivateUser }) {
  const { t } = useTranslation('verification');
  const ready = useNamespace('verification');
  const [resend, setResend] = useState<{ state: 'idle' | 'pending' | 'sent' } | { error: unknown }>(
    { state: 'idle' },
  );
  if (!ready) return null;

  const error = 'error' in resend ? resend.error : undefined;
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
      sx={{
        borderRadius: 0,
        alignItems: 'center',
        // A long address wraps instead of making the message a scrolling region.
        '& .MuiAlert-message': { overflow: 'visible', overflowWrap: 'anywhere' },
      }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={'state' in resend && resend.state === 'pending'}
          onClick={() => {
            setResend({ state: 'pending' });
            resendEmailConfirmation().then(
              () => setResend({ state: 'sent' }),
              (failure: unknown) => setResend({ error: failure }),
            );
          }}
        >
          {t('resend')}
        </Button>
      }
    >
      <AlertTitle>{t('bannerTitle')}</AlertTitle>
      {t('bannerText', { email: user.email })}
      {'state' in resend && resend.state === 'sent' && (
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
