/**
 * The page to return to after signing in, from a `next` parameter: a path of this site only.
 * Anything that would leave the origin ("//evil.example", "/\evil.example", "https://…",
 * "javascript:…") becomes the home page, so a link can never redirect a person elsewhere.
 */
export function returnPath(next: string | null | undefined): string {
  try {
    const url = new URL(next ?? '/', 'http://x.invalid');
    if (next?.startsWith('/') && url.host === 'x.invalid')
      return url.pathname + url.search + url.hash;
  } catch {
    // Not a URL at all: home.
  }
  return '/';
}

/** The sign-in page that brings the person back to `path` afterwards. */
export const signInPath = (path: string) => `/buyerauth?next=${encodeURIComponent(path)}`;
