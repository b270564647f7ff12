import { FeatureCards } from '../../features/public/components/feature-cards';

export default function FeaturesRoute() {
  return <FeatureCards headingLevel="h1" />;
}
