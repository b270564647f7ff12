// The public face of moderation on the web: the account's section of decisions about the person,
// and what tells a tab its account was suspended or terminated. The console's screens are in
// console.ts, which app/routes/admin.route.tsx loads.
export { MyDecisions } from './components/my-decisions';
export { readRestriction } from './restriction';
