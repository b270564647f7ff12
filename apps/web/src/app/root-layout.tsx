import Box from '@mui/material/Box';
import { memo, Suspense, useEffect, useState } from 'react';
import { lazy } from '../lib/lazy';
import { Outlet, useLocation } from 'react-router';
import { DRAWER_WIDTH } from '../components/layout/drawer-width';
import { fillsWindow, windowHeight } from '../components/layout/fill-window';
import { OfflineNotice } from '../components/offline-notice';
import { readRestriction } from '../features/moderation/restriction';
import { useSession, useShownPerson } from '../lib/session';
import { setTitleCount } from '../lib/tab-title';

// The bars load beside the session request that every route waits for, so the first script
// stays within its budget (scripts/size-budget.mjs); visitors never download the drawer.
const TopBar = lazy(() =>
  import('../components/layout/top-bar').then((module) => ({ default: module.TopBar })),
);
// Memoised: the session answer re-renders the layout, and the footer does not depend on it.
const Footer = lazy(() =>
  import('../components/layout/footer').then((module) => ({ default: memo(module.Footer) })),
);
// Signed in only: the unread total for the badges and the tab title, the message toasts, and
// the mail language following the interface's.
const SignedInServices = lazy(() => import('./signed-in-services'));
// Signed out by an operator's decision in this tab: why (loaded only then).
const RestrictionNotice = lazy(
  () => import('../features/moderation/components/restriction-notice'),
);
const SideDrawer = lazy(() =>
  import('../components/layout/side-drawer').then((module) => ({ default: module.SideDrawer })),
);

/** The top bar's height while it loads, so nothing below it moves when it appears. */
const topBarSpace = (
  <Box
    sx={{ minHeight: { xs: 56, sm: 64 }, bgcolor: 'background.paper', boxShadow: 1 }}
    aria-hidden="true"
  />
);

export function RootLayout() {
  const { user, isLoading } = useSession();
  // The bars show the person offline too, before the server can say who is signed in.
  const person = useShownPerson();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const unreadChats = user ? unread : 0;
  useEffect(() => setTitleCount(unreadChats), [unreadChats]);
  // A conversation screen is exactly as tall as the window: the bar, the email banner and the
  // offline notice on top, and the screen below them, scrolling inside (components/layout).
  const fill = Boolean(user) && fillsWindow(pathname);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        ...(fill ? { ...windowHeight, overflow: 'hidden' } : { minHeight: '100vh' }),
      }}
    >
      {user && (
        <Suspense fallback={null}>
          <SignedInServices key={user.id} user={user} onUnread={setUnread} />
        </Suspense>
      )}
      <Suspense fallback={topBarSpace}>
        <TopBar
          drawer={
            person
              ? { open: drawerOpen, onToggle: () => setDrawerOpen((open) => !open) }
              : undefined
          }
          unreadChats={unreadChats}
        />
      </Suspense>
      {user && <OfflineNotice />}
      {!user && !isLoading && readRestriction() && (
        <Suspense fallback={null}>
          <RestrictionNotice />
        </Suspense>
      )}
      {/* Signed out, at least a screen tall: the footer starts below the fold, so the page growing
          as its content arrives never moves it on screen (no layout shift). */}
      <Box sx={{ display: 'flex', flex: 1, minHeight: fill ? 0 : user ? undefined : '100vh' }}>
        {person && (
          <Suspense fallback={<Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: 0 }} />}>
            <SideDrawer
              user={person}
              unreadChats={unreadChats}
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
            />
          </Suspense>
        )}
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{
            flex: 1,
            minWidth: 0,
            width: { md: person ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%' },
            ...(fill && { display: 'flex', flexDirection: 'column', minHeight: 0 }),
          }}
        >
          <Outlet />
        </Box>
      </Box>
      {/* Not while the session is asked for: a signed-in screen has no footer to download. */}
      {!user && !isLoading && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </Box>
  );
}
