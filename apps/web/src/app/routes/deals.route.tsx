// In this order the route's preload list in the first route's script stays as it was (18 B).
import { DealsPage } from '../../features/deals/components/deals-page';
import { useSession } from '../../lib/session';
import { lazy } from '../../lib/lazy';
import { useLocation, useParams } from 'react-router';

// The quotes Maya gathered for a client (/briefs, /briefs/:id) are drawn by this route too: each
// route module adds an entry and a chunk's name to the first route's script (`npm run size`),
// which has no room for another. Their screens load with their own chunk, when opened.
const BriefPage = lazy(() =>
  import('../../features/briefs/components/brief-page').then((module) => ({
    default: module.BriefPage,
  })),
);
const BriefsPage = lazy(() =>
  import('../../features/briefs/components/briefs-page').then((module) => ({
    default: module.BriefsPage,
  })),
);

/** /deals, and a client's briefs: /briefs (the list) and /briefs/:id (one, with Maya's comparison). */
export default function DealsRoute() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const { id } = useParams();
  if (!user) return null;
  if (!pathname.startsWith('/briefs')) return <DealsPage user={user} />;
  return id ? <BriefPage key={id} id={id} /> : <BriefsPage user={user} />;
}
