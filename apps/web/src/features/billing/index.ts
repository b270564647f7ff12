// The public face of billing: what other features may use. The pricing and monetization screens
// are loaded by their routes (app/routes/).
export { PlansBilling } from './components/plans-billing';
// The plans, which the server reads to draw the pricing page with its prices (src/prerender.tsx).
export { plansQuery } from './api/get-plans';
