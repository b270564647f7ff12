// The public face of the operator console: the console itself (app/routes/admin.route.tsx gives
// it its screens), its own screens, and the fresh-code confirmation every destructive console
// action goes through.
export { Console, type ConsoleScreen } from './components/console';
export { AuditScreen } from './components/audit-screen';
export { OperatorsScreen } from './components/operators-screen';
export { FreshCodeCancelled, FreshCodeDialog, useWithFreshCode } from './components/fresh-code';
