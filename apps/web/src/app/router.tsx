import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { lazy } from '../lib/lazy';
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
import { returnPath, signInPath } from '../lib/return-path';
import { signedOutInThisPage, useSession, useShownPerson } from '../lib/session';
import { adoptEarlyInput } from '../start/early-input';
import { afterHydrationTurns, awaitingHydration } from '../start/hydration-turns';
import { markScreenSettled } from '../start/screen-ready';
import { routes as manifestRoutes, type ScreenRoute } from '../start/screens';
import { RootLayout } from './root-layout';

// One lazy chunk per screen: a visitor downloads only the screen they open. Which screens there
// are, at which paths, is the screens manifest's (apps/web/screens.json).
const modules = import.meta.glob<{ default: ComponentType }>('./routes/*.route.tsx');
const screens = new Map(
  Object.entries(modules).map(([file, load]) => [
    /\.\/routes\/(.+)\.route\.tsx$/.exec(file)?.[1] ?? file,
    lazy(load),
  ]),
);
const screenOf = (name: string): ComponentType => {
  const Screen = screens.get(name);
  if (!Screen) throw new Error(`screens.json names ${name}, which has no route module`);
  return Screen;
};

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
    // A screen the server rendered is live once its last part has hydrated (start/hydration-turns.tsx).
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
  // Offline, someone was signed in here: which screen is theirs waits for the server, as the
  // bars already show them (an installed app opened offline at /).
  const person = useShownPerson();
  if (isLoading || (!user && person)) return <PageLoader />;
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

const signedInOnly = (node: ReactNode) => <BySession signedIn={node} signedOut={<SignInFirst />} />;

/** A route of the manifest as its element, behind what its access asks for. */
function element(route: ScreenRoute): ReactNode {
  const drawn = screen(screenOf(route.screen), route.title);
  switch (route.access) {
    case 'signed-in':
      return signedInOnly(drawn);
    case 'signed-out-only':
      return <SignedOutOnly>{drawn}</SignedOutOnly>;
    case 'by-session': {
      const other = route.signedIn;
      if (!other) throw new Error(`screens.json: ${route.path} has no signed-in screen`);
      return <BySession signedIn={screen(screenOf(other.screen), other.title)} signedOut={drawn} />;
    }
    // `by-screen`: the screen sends a signed-out visitor to sign in and back itself (the chats).
    default:
      return drawn;
  }
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Any other address (`/*`) is no page: the server answers it 404 with its screen drawn.
    // A screen that fails shows the error inside the layout: the bars, and offline the notice,
    // stay.
    children: manifestRoutes
      .filter((route) => !route.bare)
      .map((route) =>
        route.path === '/'
          ? { index: true, element: element(route), errorElement: <RouteError /> }
          : { path: route.path.slice(1), element: element(route), errorElement: <RouteError /> },
      ),
  },
  // Screens with a layout of their own (the operator console): none of the site's bars.
  ...manifestRoutes
    .filter((route) => route.bare)
    .map((route) => ({
      path: route.path.slice(1),
      element: element(route),
      errorElement: <RouteError />,
    })),
];

export const createAppRouter = () => createBrowserRouter(routes);
