/**
 * Resolves once the browser is idle, or after `timeoutMs` at the latest (a busy page still gets
 * there). Without requestIdleCallback (Safari), after a short delay instead.
 */
export function browserIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else setTimeout(resolve, Math.min(timeoutMs, 200));
  });
}
