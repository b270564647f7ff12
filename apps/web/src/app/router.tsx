import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import {
  createBrowserRouter,
  Navigate,
  useLocation,
  useSearchParams,
  type RouteObject,
} from 'react-router';
import { DocumentTitle } from '../components/document-title';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { adoptEarlyInput } from '../lib/early-input';
import { afterHydrationTurns, awaitingHydration } from '../lib/hydration-turns';
import { returnPath, signInPath } from '../lib/return-path';
import { markScreenSettled } from '../lib/screen-ready';
import { signedOutInThisPage, useSession } from '../lib/session';
import { RootLayout } from './root-layout';

// One lazy chunk per screen: a visitor downloads only the screen they open.
const screens = {
  landing: lazy(() => import('./routes/landing.route')),
  features: lazy(() => import('./routes/features.route')),
  pricing: lazy(() => import('./routes/pricing.route')),
  monetization: lazy(() => import('./routes/monetization.route')),
  privacy: lazy(() => import('./routes/privacy.route')),
  terms: lazy(() => import('./routes/terms.route')),
  ranking: lazy(() => import('./routes/ranking.route')),
  notFound: lazy(() => import('./routes/not-found.route')),
  auth: lazy(() => import('./routes/auth.route')),
  resetPassword: lazy(() => import('./routes/reset-password.route')),
  signInLink: lazy(() => import('./routes/sign-in-link.route')),
  confirmEmail: lazy(() => import('./routes/confirm-email.route')),
  dashboard: lazy(() => import('./routes/dashboard.route')),
  profile: lazy(() => import('./routes/profile.route')),
  chats: lazy(() => import('./routes/chats.route')),
  assistant: lazy(() => import('./routes/assistant.route')),
  account: lazy(() => import('./routes/account.route')),
} satisfies Record<string, ComponentType>;

/**
 * Marks <html data-ready> once a screen is live: its code has loaded and, for a prerendered
 * page, its HTML is hydrated, so it answers clicks and keeps what is typed. The browser suite
 * waits for it after opening a page (e2e/helpers/browser.ts); boot.tsx asks for the session then.
 * What was typed into the prerendered page meanwhile is handed to the hydrated fields.
 */
function ScreenReady() {
  useEffect(() => {
    // Text typed before the screen was live goes to its fields at once, since a field's next
    // render would wipe it; a part still waiting to hydrate hands over its own when it is live.
    if (document.documentElement.dataset.ready === undefined) {
      adoptEarlyInput(document, awaitingHydration);
    }
    // A screen the server rendered is live once its last part has hydrated (lib/hydration-turns).
    afterHydrationTurns(() => {
      document.documentElement.dataset.ready = '';
      markScreenSettled();
    });
  }, []);
  return null;
}

/** A lazy screen with its tab title (a key under "titles"; the landing page's is a whole title). */
function screen(Screen: ComponentType, title: string): ReactNode {
  return (
    <>
      <DocumentTitle titleKey={`titles.${title}`} full={title === 'landing'} />
      <Suspense fallback={<PageLoader />}>
        <Screen />
        <ScreenReady />
      </Suspense>
    </>
  );
}

/** The signed-in and signed-out route tables differ; the session decides which one applies. */
function BySession({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  return user ? signedIn : signedOut;
}

/** Auth screens: a signed-in visitor goes on to where they were headed (a local path only). */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const target = returnPath(params.get('next'));
  return <BySession signedIn={<Navigate to={target} replace />} signedOut={children} />;
}

/** A signed-in screen opened signed out (a link from a mail, say): sign in, then come back. */
function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  // Just signed out here: home, where the sign-out is going, not back to sign in.
  if (signedOutInThisPage()) return <Navigate to="/" replace />;
  return <Navigate to={signInPath(pathname + search + hash)} replace />;
}

const landing = screen(screens.landing, 'landing');
const signedInOnly = (node: ReactNode) => <BySession signedIn={node} signedOut={<SignInFirst />} />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        element: (
          <BySession signedIn={screen(screens.dashboard, 'dashboard')} signedOut={landing} />
        ),
      },
      { path: 'home', element: landing },
      { path: 'dashboard', element: signedInOnly(screen(screens.dashboard, 'dashboard')) },
      { path: 'sellers', element: signedInOnly(screen(screens.dashboard, 'dashboard')) },
      { path: 'sellers/:id', element: screen(screens.profile, 'profile') },
      // The chats keep the original client's address, /inbox. Signed out, the screen sends the
      // visitor to sign in and back (app/routes/chats.route.tsx).
      { path: 'inbox', element: screen(screens.chats, 'chats') },
      { path: 'inbox/:chatId', element: screen(screens.chats, 'chats') },
      { path: 'assistant', element: signedInOnly(screen(screens.assistant, 'assistant')) },
      { path: 'account', element: signedInOnly(screen(screens.account, 'account')) },
      // The one sign-in for clients and businesses, where a signed-in screen sends a visitor.
      {
        path: 'signin',
        element: <SignedOutOnly>{screen(screens.auth, 'signIn')}</SignedOutOnly>,
      },
      {
        path: 'sellerauth',
        element: <SignedOutOnly>{screen(screens.auth, 'businessPortal')}</SignedOutOnly>,
      },
      {
        path: 'buyerauth',
        element: <SignedOutOnly>{screen(screens.auth, 'clientPortal')}</SignedOutOnly>,
      },
      { path: 'reset-password', element: screen(screens.resetPassword, 'resetPassword') },
      { path: 'sign-in-link', element: screen(screens.signInLink, 'signInLink') },
      { path: 'confirm-email', element: screen(screens.confirmEmail, 'confirmEmail') },
      { path: 'pricing', element: screen(screens.pricing, 'pricing') },
      { path: 'About', element: screen(screens.features, 'features') },
      { path: 'monetization', element: screen(screens.monetization, 'monetization') },
      { path: 'privacy', element: screen(screens.privacy, 'privacy') },
      { path: 'terms', element: screen(screens.terms, 'terms') },
      { path: 'ranking', element: screen(screens.ranking, 'ranking') },
      // Any other address is no page: the server answers it 404 with this screen drawn.
      { path: '*', element: screen(screens.notFound, 'notFound') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
