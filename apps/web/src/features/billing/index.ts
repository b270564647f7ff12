// The public face of billing: what other features may use. The pricing and monetization screens
// are loaded by their routes (app/routes/).
export { PlansBilling } from './components/plans-billing';
