// The public face of moderation on the web: the console's screens (app/routes/admin.route.tsx
// lists them), the account's section of decisions about the person, and what tells a tab its
// account was suspended or terminated.
export { ReportsScreen } from './components/reports-screen';
export { UsersScreen } from './components/users-screen';
export { AppealsScreen } from './components/appeals-screen';
export { TransparencyScreen } from './components/transparency-screen';
export { MyDecisions } from './components/my-decisions';
export { readRestriction } from './restriction';
