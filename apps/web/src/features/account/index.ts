// The public face of the account: what other features may use. The account screen itself is
// loaded by its route (app/routes/account.route.tsx).
export { SectorPrompt } from './components/sector-prompt';
export { accountKeys } from './api/account-keys';
