import { AccountPage } from '../../features/account/components/account-page';
import { useSession } from '../../lib/session';

export default function AccountRoute() {
  const { user } = useSession();
  return user ? <AccountPage user={user} /> : null;
}
