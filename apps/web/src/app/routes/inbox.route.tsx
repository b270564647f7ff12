import { InboxPage } from '../../features/inbox/components/inbox-page';
import { useSession } from '../../lib/session';

export default function InboxRoute() {
  const { user } = useSession();
  return user ? <InboxPage user={user} /> : null;
}
