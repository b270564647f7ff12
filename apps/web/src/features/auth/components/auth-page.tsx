import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Role } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ForgotForm } from './forgot-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'signin' | 'signup' | 'forgot';

/** One portal per role: /sellerauth for businesses, /buyerauth for clients; three modes each. */
export function AuthPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = ['signup', 'forgot'].includes(params.get('mode') ?? '')
    ? (params.get('mode') as Mode)
    : 'signin';
  const setMode = (next: Mode) =>
    setParams(next === 'signin' ? {} : { mode: next }, { replace: true });
  const business = role === 'seller';

  return (
    <Container maxWidth={mode === 'signup' ? 'md' : 'sm'} sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: '2rem' }} gutterBottom>
          {business ? t('auth.businessPortal') : t('auth.clientPortal')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {business ? t('auth.businessIntro') : t('auth.clientIntro')}
        </Typography>
        <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
          {mode === 'signin'
            ? t('auth.signIn')
            : mode === 'signup'
              ? t('auth.createAccount')
              : t('auth.forgot')}
        </Typography>
        {mode === 'signin' && <SignInForm />}
        {mode === 'signup' && <SignUpForm role={role} />}
        {mode === 'forgot' && <ForgotForm />}
        <Box sx={{ mt: 3, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {mode === 'signin' && (
            <>
              <Link component="button" type="button" onClick={() => setMode('forgot')}>
                {t('auth.forgot')}
              </Link>
              <Typography component="span">
                {t('auth.noAccount')}{' '}
                <Link component="button" type="button" onClick={() => setMode('signup')}>
                  {t('auth.signUp')}
                </Link>
              </Typography>
            </>
          )}
          {mode === 'signup' && (
            <Typography component="span">
              {t('auth.haveAccount')}{' '}
              <Link component="button" type="button" onClick={() => setMode('signin')}>
                {t('auth.signIn')}
              </Link>
            </Typography>
          )}
          {mode === 'forgot' && (
            <Link component="button" type="button" onClick={() => setMode('signin')}>
              {t('auth.backToSignIn')}
            </Link>
          )}
        </Box>
      </Paper>
    </Container>
  );
}
