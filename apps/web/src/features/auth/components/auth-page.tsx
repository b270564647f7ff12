import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Role } from '@maya/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withNext } from '../../../lib/return-path';
import { CheckInbox } from './check-inbox';
import { ForgotForm } from './forgot-form';
import { SignInForm } from './sign-in-form';
import { SignInLinkForm } from './sign-in-link-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'signin' | 'signup' | 'forgot' | 'link';

const titles = {
  signin: 'auth.signIn',
  signup: 'auth.createAccount',
  forgot: 'auth.forgot',
  link: 'auth.linkTitle',
} as const;

/**
 * One portal per role: /sellerauth for businesses, /buyerauth for clients; four modes each. With
 * no role, /signin: the one sign-in a signed-in screen sends a visitor to, for either kind of
 * account (the server knows the account's role), whose sign-up leads to either portal.
 */
export function AuthPage({ role }: { role: Role | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = ['signup', 'forgot', 'link'].includes(params.get('mode') ?? '')
    ? (params.get('mode') as Mode)
    : 'signin';
  // The email typed for signing in, carried over when the person asks for a link instead.
  const [linkEmail, setLinkEmail] = useState('');
  // The address a sign-up was sent for: its "Check your inbox" screen replaces the form.
  const [sentTo, setSentTo] = useState<string>();
  // The page to return to (`next`) stays through every mode.
  const setMode = (mode: Mode) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams();
        const next = current.get('next');
        if (next) kept.set('next', next);
        if (mode !== 'signin') kept.set('mode', mode);
        return kept;
      },
      { replace: true },
    );
  const business = role === 'seller';
  const next = params.get('next');

  return (
    <Container maxWidth={mode === 'signup' ? 'md' : 'sm'} sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: '2rem' }} gutterBottom>
          {role === null
            ? t('auth.signInTitle')
            : business
              ? t('auth.businessPortal')
              : t('auth.clientPortal')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {role === null
            ? t('auth.signInIntro')
            : business
              ? t('auth.businessIntro')
              : t('auth.clientIntro')}
        </Typography>
        {/* The neutral sign-in's own title already says "Sign in". */}
        {!(role === null && mode === 'signin') && (
          <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
            {mode === 'signup' && sentTo ? t('auth.checkInboxTitle') : t(titles[mode])}
          </Typography>
        )}
        {mode === 'signin' && (
          <SignInForm
            role={role}
            onEmailLink={(email) => {
              setLinkEmail(email);
              setMode('link');
            }}
          />
        )}
        {mode === 'signup' && role === null && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={withNext('/buyerauth?mode=signup', next)}
              variant="outlined"
            >
              {t('auth.joinAsClient')}
            </Button>
            <Button
              component={RouterLink}
              to={withNext('/sellerauth?mode=signup', next)}
              variant="outlined"
            >
              {t('auth.joinAsBusiness')}
            </Button>
          </Box>
        )}
        {mode === 'signup' &&
          role !== null &&
          (sentTo ? (
            <CheckInbox
              email={sentTo}
              next={next}
              onEmailLink={() => {
                setLinkEmail(sentTo);
                setSentTo(undefined);
                setMode('link');
              }}
            />
          ) : (
            <SignUpForm role={role} onSent={setSentTo} />
          ))}
        {mode === 'forgot' && <ForgotForm />}
        {mode === 'link' && <SignInLinkForm initialEmail={linkEmail} />}
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
          {(mode === 'forgot' || mode === 'link') && (
            <Link component="button" type="button" onClick={() => setMode('signin')}>
              {t('auth.backToSignIn')}
            </Link>
          )}
        </Box>
      </Paper>
    </Container>
  );
}
