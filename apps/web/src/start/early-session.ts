/**
 * The session request of a page that is not prerendered (a signed-in screen: /dashboard, /inbox,
 * /account…), sent by the entry script before anything else loads: every such screen waits for
 * the session, so it is asked for while the app's code is still downloading instead of after it
 * has run (one round trip less on the way to the first content). A prerendered page asks later,
 * once hydrated (boot.tsx). The answer is taken once, by the session's first fetch (session.ts).
 */
let early: Promise<Response> | undefined;

/** Sends the request unless the page is a prerendered one; main.tsx calls it first thing. */
export function sendEarlySession(prerendered: boolean): void {
  if (prerendered || typeof fetch !== 'function') return;
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
