import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { mailLanguageOf } from '../../../lib/i18n/mail-language';
import { nextOf } from '../../../lib/return-path';
import { useResendSignUp } from '../api/resend-sign-up';

/**
 * After a sign-up: the same screen whether or not the address had an account, since the answer
 * was the same. The mail holds the way in; Resend asks for it again, and a mailed sign-in link
 * is the way for someone who had an account already.
 */
export function CheckInbox({
  email,
  next,
  onEmailLink,
}: {
  email: string;
  /** The page to come back to, carried in the mailed link. */
  next: string | null;
  onEmailLink: () => void;
}) {
  const { t, i18n } = useTranslation();
  const resend = useResendSignUp();

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {t('auth.checkInboxText', { email })}
      </Typography>
      <Typography color="text.secondary">{t('auth.checkInboxHelp')}</Typography>
      {resend.isSuccess && (
        <Alert severity="success" sx={{ alignSelf: 'stretch', overflowWrap: 'anywhere' }}>
          {t('auth.checkInboxResent', { email })}
        </Alert>
      )}
      {resend.isError && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {errorMessage(resend.error, t('errors.network'))}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignSelf: 'stretch' }}>
        <Button
          variant="contained"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate({ email, next: nextOf(next), language: mailLanguageOf(i18n.language) })
          }
        >
          {t('auth.checkInboxResend')}
        </Button>
        <Button variant="outlined" onClick={onEmailLink}>
          {t('auth.checkInboxLink')}
        </Button>
      </Stack>
    </Stack>
  );
}
