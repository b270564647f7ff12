import { NotFoundPage } from '../../features/public/components/not-found-page';

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
