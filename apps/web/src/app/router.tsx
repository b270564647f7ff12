import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useSearchParams, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { useSession } from '../lib/session';
import { RootLayout } from './root-layout';

// One lazy chunk per screen: a visitor downloads only the screen they open.
const screens = {
  landing: lazy(() => import('./routes/landing.route')),
  features: lazy(() => import('./routes/features.route')),
  pricing: lazy(() => import('./routes/pricing.route')),
  auth: lazy(() => import('./routes/auth.route')),
  resetPassword: lazy(() => import('./routes/reset-password.route')),
  dashboard: lazy(() => import('./routes/dashboard.route')),
  profile: lazy(() => import('./routes/profile.route')),
  inbox: lazy(() => import('./routes/inbox.route')),
  assistant: lazy(() => import('./routes/assistant.route')),
  account: lazy(() => import('./routes/account.route')),
} satisfies Record<string, ComponentType>;

function screen(Screen: ComponentType): ReactNode {
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
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
  const next = params.get('next');
  const target = next && /^\/(?!\/)/.test(next) ? next : '/';
  return <BySession signedIn={<Navigate to={target} replace />} signedOut={children} />;
}

const landing = screen(screens.landing);
const signedInOnly = (node: ReactNode) => <BySession signedIn={node} signedOut={landing} />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        element: <BySession signedIn={screen(screens.dashboard)} signedOut={landing} />,
      },
      { path: 'home', element: landing },
      { path: 'dashboard', element: signedInOnly(screen(screens.dashboard)) },
      { path: 'sellers', element: signedInOnly(screen(screens.dashboard)) },
      { path: 'sellers/:id', element: screen(screens.profile) },
      { path: 'inbox', element: signedInOnly(screen(screens.inbox)) },
      { path: 'inbox/:chatId', element: signedInOnly(screen(screens.inbox)) },
      { path: 'assistant', element: signedInOnly(screen(screens.assistant)) },
      { path: 'account', element: signedInOnly(screen(screens.account)) },
      { path: 'sellerauth', element: <SignedOutOnly>{screen(screens.auth)}</SignedOutOnly> },
      { path: 'buyerauth', element: <SignedOutOnly>{screen(screens.auth)}</SignedOutOnly> },
      { path: 'reset-password', element: screen(screens.resetPassword) },
      { path: 'pricing', element: screen(screens.pricing) },
      { path: 'About', element: screen(screens.features) },
      { path: '*', element: landing },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
