import { PricingPage } from '../../features/billing/components/pricing-page';

export default function PricingRoute() {
  return <PricingPage />;
}
