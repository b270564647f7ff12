import { FeatureCards } from '../../features/landing/components/feature-cards';

export default function FeaturesRoute() {
  return <FeatureCards headingLevel="h1" />;
}
