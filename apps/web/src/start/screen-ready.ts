let settle: () => void = () => undefined;

/**
 * Settles once the first screen has settled: it is live (hydrated, when prerendered) or it has
 * failed and shows the error screen. boot.tsx asks for the session only then, since an answer
 * arriving while a part of a prerendered page is still waiting to hydrate (its chunk loading)
 * would change what that part draws, and it would no longer match its HTML.
 */
export const screenSettled = new Promise<void>((resolve) => {
  settle = resolve;
});

export const markScreenSettled = () => settle();
