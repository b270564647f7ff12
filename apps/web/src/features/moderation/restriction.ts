import type { AccountRestrictedEvent } from '@maya/contracts';

const KEY = 'maya.restricted';

/**
 * Why this tab's account was just signed out by an operator (the socket's `account:restricted`),
 * kept for the tab's signed-out screen; a fresh sign-in forgets it.
 */
export function rememberRestriction(event: AccountRestrictedEvent): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(event));
  } catch {
    // Storage refused (private mode): the sign-in form still says why.
  }
}

export function readRestriction(): AccountRestrictedEvent | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    return stored ? (JSON.parse(stored) as AccountRestrictedEvent) : null;
  } catch {
    return null;
  }
}

export function forgetRestriction(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
