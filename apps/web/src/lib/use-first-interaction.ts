import { useEffect, useState } from 'react';

const EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * True once the person has done anything on the page (scrolled, pointed, typed or touched), and
 * from then on. A heavy part that only adds to the page (a map's tiles) waits for it, as a facade:
 * the first screen is then drawn from the page's own content alone.
 */
export function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const done = () => setInteracted(true);
    for (const name of EVENTS) window.addEventListener(name, done, { once: true, passive: true });
    return () => {
      for (const name of EVENTS) window.removeEventListener(name, done);
    };
  }, [interacted]);
  return interacted;
}
