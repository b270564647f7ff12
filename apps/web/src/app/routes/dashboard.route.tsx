import { DirectoryPage } from '../../features/directory/components/directory-page';
import { useSession } from '../../lib/session';

export default function DashboardRoute() {
  const { user } = useSession();
  return user ? <DirectoryPage user={user} /> : null;
}
