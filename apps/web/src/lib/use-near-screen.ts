import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element is on screen or within `margin` of it (and from then on): a part that
 * costs script and work to draw (a map) waits until the person scrolls near it, instead of
 * loading with the page. Where the browser cannot tell, it is true at once.
 */
export function useNearScreen(element: RefObject<Element | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = element.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
