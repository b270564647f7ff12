import { UserCard } from '../../features/directory/components/user-card';
import { SavedPage } from '../../features/saved/components/saved-page';

/** The saved list shows the directory's cards: the route composes the two features. */
export default function SavedRoute() {
  return <SavedPage Card={UserCard} />;
}
