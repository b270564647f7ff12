import type { ServerToClientEvents } from '@maya/contracts';

/** The sessions of a user (all, or all but one), or one session. */
export type SessionsTarget = { userId: string; exceptSessionId?: string } | { sessionId: string };

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
  /**
   * Sessions have ended: closes their sockets, and tells every other process, which may hold
   * them in its session cache.
   */
  disconnect(target: SessionsTarget): void;
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
