import { useSyncExternalStore } from 'react';

// Chats deleted in this tab while their undo toast shows: gone from the list, not yet deleted
// on the server (`true` once the request is under way).
export const pending = new Map<string, boolean>();
let pendingIds: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
export function changed() {
  pendingIds = new Set(pending.keys());
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The chats waiting for their undo to expire, which the list leaves out. */
// Nothing is pending in a page the server renders: the same empty set.
export const usePendingDeletes = () =>
  useSyncExternalStore(
    subscribe,
    () => pendingIds,
    () => pendingIds,
  );
