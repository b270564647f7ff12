import type { AccountRestrictedEvent } from '@maya/contracts';

/**
 * Why this tab's account was just signed out by an operator (the socket's `account:restricted`),
 * for the tab's signed-out screen. Kept in memory only: a signed-out answer empties the browser's
 * storage (lib/personal-data.ts), and after a reload the sign-in form says why instead.
 */
let restriction: AccountRestrictedEvent | null = null;

export function rememberRestriction(event: AccountRestrictedEvent): void {
  restriction = event;
}

export function readRestriction(): AccountRestrictedEvent | null {
  return restriction;
}

export function forgetRestriction(): void {
  restriction = null;
}
