import { AssistantPage } from '../../features/assistant/components/assistant-page';
import { useSession } from '../../lib/session';

export default function AssistantRoute() {
  const { user } = useSession();
  return user ? <AssistantPage user={user} /> : null;
}
