import { LegalPage } from '../../features/legal/components/legal-page';

export default function PrivacyRoute() {
  return <LegalPage document="privacy" />;
}
