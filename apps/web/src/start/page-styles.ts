import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The browser's emotion cache, holding as inserted the styles the server drew for the page (its
 * `<style data-page-styles="<ids>">`, written by src/prerender.tsx `emotionStyles`): hydration
 * inserts none of them again, and the element stays where it is. Styles of what only the browser
 * draws go into elements of their own after it, as emotion's always do.
 */
export function pageStylesCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  document.querySelectorAll<HTMLStyleElement>('style[data-page-styles]').forEach((element) => {
    for (const id of (element.dataset.pageStyles ?? '').split(' ')) {
      if (id) cache.inserted[id] = true;
    }
  });
  return cache;
}
