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
import { returnPath, withNext } from '../../../lib/return-path';
import { useConfirmSignInLink } from '../api/confirm-sign-in-link';
import { Busy } from './busy';

/**
 * Where a mailed sign-in link lands. The link is used by a click, not on load: mail scanners
 * that open links to inspect them would otherwise spend it before its owner does.
 */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The page the link was asked from, to return to once signed in (a path of this site only).
  const next = params.get('next');
  const signIn = useConfirmSignInLink();
  const spent = signIn.error instanceof ApiError && signIn.error.status === 400;

  const portals = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Button component={RouterLink} to={withNext('/buyerauth?mode=link', next)} variant="outlined">
        {t('auth.signInClient')}
      </Button>
      <Button
        component={RouterLink}
        to={withNext('/sellerauth?mode=link', next)}
        variant="outlined"
      >
        {t('auth.signInBusiness')}
      </Button>
    </Stack>
  );

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: '2rem' }} gutterBottom>
          {t('auth.linkPageTitle')}
        </Typography>
        {!token ? (
          <Stack spacing={2}>
            <Alert severity="error">{t('auth.linkMissing')}</Alert>
            {portals}
          </Stack>
        ) : signIn.isPending || signIn.isSuccess ? (
          <Busy />
        ) : (
          <Stack spacing={2}>
            {signIn.isError && (
              <Alert severity="error">
                {spent ? t('auth.linkInvalid') : errorMessage(signIn.error, t('errors.network'))}
              </Alert>
            )}
            {spent ? (
              portals
            ) : (
              <>
                <Typography color="text.secondary">{t('auth.linkPageIntro')}</Typography>
                <Button
                  variant="contained"
                  size="large"
                  onClick={() => {
                    // Awaited rather than through mutate's own onSuccess, which is dropped when
                    // the page re-mounts as the signed-in session arrives: the person would be
                    // left on the spinner. A failure is shown from the mutation's state.
                    signIn.mutateAsync({ token }).then(
                      () => navigate(returnPath(next), { replace: true }),
                      () => undefined,
                    );
                  }}
                >
                  {t('auth.linkContinue')}
                </Button>
              </>
            )}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
