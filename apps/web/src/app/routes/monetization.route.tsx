import { MonetizationPage } from '../../features/monetization/components/monetization-page';

export default function MonetizationRoute() {
  return <MonetizationPage />;
}
