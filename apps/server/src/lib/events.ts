import type { ServerToClientEvents } from '@maya/contracts';

/**
 * How services tell connected clients what happened, without knowing about sockets. Events go
 * to users (every tab and device of theirs), after the change is committed.
 */
export interface EventBus {
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
  /** Closes the sockets of a user, or of one session of theirs, or all but one session. */
  disconnect(target: { userId: string; exceptSessionId?: string } | { sessionId: string }): void;
}

/**
 * An event bus whose transport is attached later: services are built before the socket server
 * exists, and events emitted before it is attached (or with none, as in some tests) go nowhere.
 */
export function createEventBus(): EventBus & { attach(transport: EventBus): void } {
  let transport: EventBus | undefined;
  return {
    attach(next) {
      transport = next;
    },
    toUsers(userIds, event, payload) {
      transport?.toUsers(userIds, event, payload);
    },
    disconnect(target) {
      transport?.disconnect(target);
    },
  };
}
