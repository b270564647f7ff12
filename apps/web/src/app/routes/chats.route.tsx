import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ChatsPage } from '../../features/chats/components/chats-page';
import { signInPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';

/** Signed out (a chat link from a mail, say), the visitor signs in first and comes back here. */
export default function ChatsRoute() {
  const { user, isLoading } = useSession();
  const { pathname, search } = useLocation();
  if (isLoading) return <PageLoader />;
  return user ? <ChatsPage user={user} /> : <Navigate to={signInPath(pathname + search)} replace />;
}
