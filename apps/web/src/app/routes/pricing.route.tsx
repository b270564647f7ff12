import { PricingPage } from '../../features/pricing/components/pricing-page';

export default function PricingRoute() {
  return <PricingPage />;
}
