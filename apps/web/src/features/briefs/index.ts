// The public face of briefs on the web: the assistant's entries to "Maya gathers quotes for me"
// and the link to the buyer's briefs (each draws nothing for a business). Their words and the
// form load on demand; the screens (/briefs, /briefs/:id) are loaded by the deals' route
// (app/routes/deals.route.tsx).
export { AskForQuotesButton, BriefsLink, GetQuotesButton } from './components/lazy';
