import type { QueryClient } from '@tanstack/react-query';

/** An API answer a page was rendered with on the server, under its query key. */
export interface PageQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** The JSON block of a server-rendered page (src/prerender.tsx writes it). */
export const PAGE_DATA_ID = 'page-data';

/**
 * Puts the answers a server-rendered page was drawn with into the cache, so the browser's first
 * render draws the same page and asks for nothing again.
 */
export function adoptPageData(queryClient: QueryClient): void {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return;
  for (const { queryKey, data } of JSON.parse(text) as PageQuery[]) {
    queryClient.setQueryData(queryKey, data);
  }
}
