import {
  AuditScreen,
  Console,
  OperatorsScreen,
  type ConsoleScreen,
} from '../../features/operators';
import {
  AppealsScreen,
  ReportsScreen,
  TransparencyScreen,
  UsersScreen,
} from '../../features/moderation/console';

/**
 * The operator console's screens, in the order of its navigation: add a screen here (its path
 * under /admin, its name as `namespace:key`, adminOnly if only admins may see it). The first one
 * a person may see is where /admin opens.
 */
const screens: readonly ConsoleScreen[] = [
  { path: 'reports', label: 'moderation:nav.reports', Screen: ReportsScreen },
  { path: 'users', label: 'moderation:nav.users', Screen: UsersScreen },
  { path: 'appeals', label: 'moderation:nav.appeals', Screen: AppealsScreen },
  { path: 'transparency', label: 'moderation:nav.transparency', Screen: TransparencyScreen },
  { path: 'audit', label: 'operators:nav.audit', Screen: AuditScreen },
  { path: 'operators', label: 'operators:nav.operators', Screen: OperatorsScreen, adminOnly: true },
];

export default function AdminRoute() {
  return <Console screens={screens} />;
}
