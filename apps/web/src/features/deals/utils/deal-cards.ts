import type { Message } from '@maya/contracts';

/** How each move of a chat is drawn: the newest of its deal shows the moves left; older versions are replaced. */
export interface DealCardState {
  current: boolean;
  superseded: boolean;
}

/** For a chat's messages, oldest first: each move's place among its deal's moves. */
export function dealCardStates(messages: readonly Message[]): Map<string, DealCardState> {
  const newestMove = new Map<string, string>();
  const newestVersion = new Map<string, number>();
  for (const message of messages) {
    if (!message.deal) continue;
    const { dealId, event } = message.deal;
    newestMove.set(dealId, message.id);
    if ('version' in event && typeof event.version === 'object') {
      newestVersion.set(dealId, Math.max(newestVersion.get(dealId) ?? 0, event.version.number));
    }
  }
  const states = new Map<string, DealCardState>();
  for (const message of messages) {
    if (!message.deal) continue;
    const { dealId, event } = message.deal;
    const version =
      'version' in event && typeof event.version === 'object' ? event.version.number : 0;
    states.set(message.id, {
      current: newestMove.get(dealId) === message.id,
      superseded: version > 0 && version < (newestVersion.get(dealId) ?? 0),
    });
  }
  return states;
}
