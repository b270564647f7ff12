import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/Person';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withNext } from '../../lib/return-path';
import { useSession, useShownPerson } from '../../lib/session';
import { LanguageSwitcher } from './language-switcher';
import { publicLinks } from './nav-links';
import { useSignOut } from './use-sign-out';

const ChatsLink = lazy(() =>
  import('./chats-link').then((module) => ({ default: module.ChatsLink })),
);

// Only for a signed-in account whose email is not confirmed yet: nobody else downloads it.
const EmailBanner = lazy(() =>
  import('./email-banner').then((module) => ({ default: module.EmailBanner })),
);

export function TopBar({
  drawer,
  unreadChats = 0,
}: {
  /**
   * Signed in, the side drawer is the one menu on a narrow screen: the menu button opens and
   * closes it. Signed out, the button opens the top bar's own menu.
   */
  drawer?: { open: boolean; onToggle: () => void };
  /** Unread messages, on "Chats" while signed in. */
  unreadChats?: number;
}) {
  const { t } = useTranslation();
  // On a sign-in page, the other portal keeps the page to come back to.
  const [params] = useSearchParams();
  const next = params.get('next');
  // Offline, the person signed in last, until the server can say (lib/session.ts).
  const user = useShownPerson();
  // The email banner is the live session's only: it acts on the account.
  const { user: live } = useSession();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);
  const open = drawer ? drawer.open : menuOpen;

  // Escape closes the menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const links = [
    ...publicLinks(user ? '/home' : '/'),
    ...(user ? [{ to: '/dashboard', key: 'nav.dashboard' } as const] : []),
  ];

  return (
    <>
      <AppBar position="sticky" color="inherit" elevation={1} component="header">
        <Toolbar sx={{ gap: 1 }}>
          <RouterLink
            to="/account"
            aria-label={t('nav.account')}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              textDecoration: 'none',
              color: 'inherit',
            }}
          >
            {/* The person's photo, else the logo; a photo that cannot load (offline, uploads are
                never kept by the service worker) gives way to the logo, not a stranger's icon. */}
            <Avatar
              src={user?.thumbnailUrl ?? '/logo.svg'}
              alt=""
              variant={user?.thumbnailUrl ? 'circular' : 'rounded'}
              sx={{ width: 36, height: 36 }}
            >
              <img src="/logo.svg" alt="" width={36} height={36} />
            </Avatar>
            <Typography
              component="span"
              sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' } }}
            >
              {t('brand')}
            </Typography>
          </RouterLink>

          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2 }}
          >
            {links.map((link) => (
              <Button key={link.to} component={RouterLink} to={link.to} color="inherit">
                {t(link.key)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: 1 }} />
          <LanguageSwitcher sx={{ display: { xs: 'none', sm: 'flex' } }} />

          {user ? (
            <>
              <Suspense fallback={null}>
                <ChatsLink unread={unreadChats} />
              </Suspense>
              <IconButton
                component={RouterLink}
                to="/dashboard/"
                aria-label={t('nav.dashboard')}
                color="primary"
              >
                <PersonIcon />
              </IconButton>
              <Button
                onClick={signOut}
                color="inherit"
                sx={{ display: { xs: 'none', md: 'inline-flex' } }}
              >
                {t('nav.logout')}
              </Button>
            </>
          ) : (
            <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', sm: 'flex' } }}>
              <Button component={RouterLink} to={withNext('/buyerauth', next)} variant="outlined">
                {t('nav.loginClient')}
              </Button>
              <Button component={RouterLink} to={withNext('/sellerauth', next)} variant="contained">
                {t('nav.loginBusiness')}
              </Button>
            </Stack>
          )}
          <IconButton
            ref={menuButton}
            onClick={drawer ? drawer.onToggle : () => setMenuOpen((was) => !was)}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={open}
            aria-controls={drawer ? 'side-menu' : 'mobile-menu'}
            sx={{ display: { md: 'none' } }}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>

        <Backdrop
          open={menuOpen && !drawer}
          onClick={close}
          data-testid="menu-overlay"
          sx={{ zIndex: (theme) => theme.zIndex.appBar + 1 }}
        />
        {menuOpen && !drawer && (
          <Paper
            id="mobile-menu"
            component="nav"
            aria-label={t('nav.main')}
            elevation={4}
            sx={{
              position: 'fixed',
              top: 64,
              right: 8,
              left: 8,
              zIndex: (theme) => theme.zIndex.appBar + 2,
              p: 1,
            }}
          >
            <Stack>
              <LanguageSwitcher sx={{ alignSelf: 'flex-start', m: 1 }} />
              {links.map((link) => (
                <Button
                  key={link.to}
                  component={RouterLink}
                  to={link.to}
                  onClick={close}
                  color="inherit"
                  sx={{ justifyContent: 'flex-start' }}
                >
                  {t(link.key)}
                </Button>
              ))}
              {!user && (
                <>
                  <Button
                    component={RouterLink}
                    to={withNext('/buyerauth', next)}
                    onClick={close}
                    sx={{ justifyContent: 'flex-start' }}
                  >
                    {t('nav.loginClient')}
                  </Button>
                  <Button
                    component={RouterLink}
                    to={withNext('/sellerauth', next)}
                    onClick={close}
                    sx={{ justifyContent: 'flex-start' }}
                  >
                    {t('nav.loginBusiness')}
                  </Button>
                </>
              )}
            </Stack>
          </Paper>
        )}
      </AppBar>
      {live && !live.emailVerified && (
        <Suspense fallback={null}>
          <EmailBanner user={live} />
        </Suspense>
      )}
    </>
  );
}
