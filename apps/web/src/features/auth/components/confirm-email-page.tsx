import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../components/field-errors';
import { ApiError } from '../../../lib/api-client';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { returnPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { useConfirmEmail } from '../api/confirm-email';
import { Busy } from './busy';

/**
 * Where a mailed confirmation link lands. The link is spent by a click, not on load, so a mail
 * scanner that opens links cannot use it up. No session is needed: the link is the proof. A
 * sign-up's link also signs the person in, who then goes on to their screen, or to the page the
 * sign-up was asked from (`next`, a path of this site only).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('verification');
  const ready = useNamespace('verification');
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const status = confirm.error instanceof ApiError ? confirm.error.status : undefined;

  const onward = (
    <Button component={RouterLink} to={user ? '/' : '/buyerauth'} variant="contained">
      {user ? t('continue') : t('signIn')}
    </Button>
  );

  if (!ready) return <Busy />;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: '2rem' }} gutterBottom>
          {t('pageTitle')}
        </Typography>
        {!token ? (
          <Alert severity="error">{t('missing')}</Alert>
        ) : confirm.isSuccess && confirm.data.session ? (
          <Busy />
        ) : confirm.isSuccess ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert
              severity="success"
              sx={{
                alignSelf: 'stretch',
                '& .MuiAlert-message': { overflow: 'visible', overflowWrap: 'anywhere' },
              }}
            >
              {t('confirmed', { email: confirm.data.email })}
            </Alert>
            {onward}
          </Stack>
        ) : status === 400 || status === 404 || status === 409 ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
              {status === 409 ? t('taken') : t('invalid')}
            </Alert>
            {onward}
          </Stack>
        ) : (
          <Stack spacing={2}>
            {confirm.isError && (
              <Alert severity="error">
                {errorMessage(confirm.error, t('translation:errors.network'))}
              </Alert>
            )}
            <Typography color="text.secondary">{t('pageIntro')}</Typography>
            <Button
              variant="contained"
              size="large"
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate(
                  { token },
                  {
                    onSuccess: ({ session }) => {
                      if (session) void navigate(returnPath(params.get('next')), { replace: true });
                    },
                  },
                )
              }
            >
              {t('confirm')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
