// The chat's deal parts in one chunk, loaded with their words the first time a chat shows a move
// or a person opens a negotiation's first form (lazy.tsx).
export { default as CounterProposalCard } from './counter-proposal';
export { default as DealMessageCard } from './deal-message-card';
export { default as StartDealForm } from './start-deal';
// A brief's accept (the briefs feature, through `loadDealMoves`): the moves load with this chunk.
export { moveWithRetry, newClientId, settleMove } from '../api/move-deal';
