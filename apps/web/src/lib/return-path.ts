/**
 * The page to return to after signing in, from a `next` parameter: a path of this site only.
 * Anything that would leave the origin ("//evil.example", "/\evil.example", "https://…",
 * "javascript:…") becomes the home page, so a link can never redirect a person elsewhere.
 */
export function returnPath(next: string | null | undefined): string {
  try {
    const url = new URL(next ?? '/', 'http://x.invalid');
    // The parsed path, not the given text: "/.//evil.example" parses to "//evil.example", which
    // a browser would read as another host.
    const path = url.pathname + url.search + url.hash;
    if (next?.startsWith('/') && url.host === 'x.invalid' && !path.startsWith('//')) return path;
  } catch {
    // Not a URL at all: home.
  }
  return '/';
}

/** The `next` a link or a request carries on: the return path, or nothing for the home page. */
export function nextOf(next: string | null | undefined): string | undefined {
  const path = returnPath(next);
  return path === '/' ? undefined : path;
}

/** `path` with `?next=` (or `&next=`) for the page to return to, when there is one. */
export function withNext(path: string, next: string | null | undefined): string {
  const kept = nextOf(next);
  if (!kept) return path;
  return `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(kept)}`;
}

/**
 * The sign-in page that brings the person back to `path` afterwards: the neutral one, for clients
 * and businesses alike (the account's role comes with it).
 */
export const signInPath = (path: string) => `/signin?next=${encodeURIComponent(path)}`;
