/**
 * The contract schemas, for a form that checks its input before sending it. zod and every schema
 * make one chunk of 95 KB that takes a quarter of a second to evaluate on a phone, so the pages
 * with forms do not load it with themselves: a form asks for it when it is first focused (it is
 * ready by the time the form is sent) and awaits it when it is sent.
 */
export const loadContracts = () => import('@maya/contracts');

/** For a form's onFocus: start loading the schemas; a failure shows when the form is sent. */
export const prefetchContracts = () => {
  loadContracts().catch(() => undefined);
};
