/**
 * The page to return to after signing in, from a `next` parameter: a path of this site only.
 * Anything that would leave the origin ("//evil.example", "/\evil.example", "https://…",
 * "javascript:…") becomes the home page, so a link can never redirect a person elsewhere.
 */
export function returnPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  const base = 'https://origin.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
}

/** The sign-in page that brings the person back to `path` afterwards. */
export const signInPath = (path: string) => `/buyerauth?next=${encodeURIComponent(path)}`;
