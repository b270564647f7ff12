// The console's screens of moderation, which app/routes/admin.route.tsx lists. Apart from the
// feature's index, so the account's section of decisions (a chunk every member's /account loads)
// carries none of them, nor the contract schemas they read their lists from.
export { ReportsScreen } from './components/reports-screen';
export { UsersScreen } from './components/users-screen';
export { AppealsScreen } from './components/appeals-screen';
export { TransparencyScreen } from './components/transparency-screen';
