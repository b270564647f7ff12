// The public face of deals on the web: the chat's cards, the button that starts a negotiation
// (a chat's, or a business's profile's), the announcement of a partner's move, the mark on a
// message Maya (AI) wrote for a business, the hook that keeps deals live, and the moves for
// another screen (a brief's accept), loaded with the chat's cards when first used, so no screen's
// first paint carries them. The /deals screen is loaded by its route (app/routes/deals.route.tsx).
// CounterProposal: under a chat's composer, a buyer's typed price offered as a counter to review.
export { AssistantMark, CounterProposal, DealMessage, StartDealButton } from './components/lazy';
export { DealAnnouncements } from './components/deal-announcer';
export const loadDealMoves = () => import('./components/chat-deals');
export { useDealsLive } from './hooks/use-deals-live';
export { dealCardStates } from './utils/deal-cards';
export { todayValue, windowText } from './utils/deal-text';
