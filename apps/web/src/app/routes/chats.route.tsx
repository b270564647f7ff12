import { ChatsPage } from '../../features/chats/components/chats-page';
import { useSession } from '../../lib/session';

export default function ChatsRoute() {
  const { user } = useSession();
  return user ? <ChatsPage user={user} /> : null;
}
