import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Once a page's content is there, shows the element the URL's #hash names, or the top of the
 * page: the router keeps the scroll position of the page a link was followed from.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!ready) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [ready, hash, pathname]);
}
