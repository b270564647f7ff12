import { MonetizationPage } from '../../features/billing/components/monetization-page';

export default function MonetizationRoute() {
  return <MonetizationPage />;
}
