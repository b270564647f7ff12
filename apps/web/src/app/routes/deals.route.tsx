import { DealsPage } from '../../features/deals/components/deals-page';
import { useSession } from '../../lib/session';

export default function DealsRoute() {
  const { user } = useSession();
  return user ? <DealsPage user={user} /> : null;
}
