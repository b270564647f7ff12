import { LegalPage } from '../../features/public/components/legal-page';

export default function RankingRoute() {
  return <LegalPage document="ranking" />;
}
