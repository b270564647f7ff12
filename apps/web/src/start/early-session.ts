/**
 * The session request of a page that is not prerendered (a signed-in screen: /dashboard, /inbox,
 * /account…), sent by the entry script before anything else loads: every such screen waits for
 * the session, so it is asked for while the app's code is still downloading instead of after it
 * has run (one round trip less on the way to the first content). A prerendered page asks later,
 * once hydrated (boot.tsx). The answer is taken once, by the session's first fetch (session.ts).
 */
let early: Promise<Response> | undefined;

/**
 * A screen with a layout of its own (the operator console) never reads the member session: asked
 * for there, the answer would wait unread for as long as the page is open.
 */
function isBare(path: string): boolean {
  const bare = typeof __BARE_PATHS__ === 'object' ? __BARE_PATHS__ : [];
  return bare.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Sends the request unless the page is a prerendered one or one that never reads it; main.tsx
 * calls it first thing.
 */
export function sendEarlySession(prerendered: boolean): void {
  if (prerendered || typeof fetch !== 'function' || isBare(location.pathname)) return;
  early = fetch('/api/v1/auth/session', {
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-requested-with': 'fetch' },
  });
  // Read by the session's first fetch; a network failure there is its error, not an unhandled one.
  early.catch(() => undefined);
}

/** The early request, once: later fetches of the session ask again. */
export function takeEarlySession(): Promise<Response> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
