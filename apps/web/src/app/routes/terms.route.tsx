import { LegalPage } from '../../features/public/components/legal-page';

export default function TermsRoute() {
  return <LegalPage document="terms" />;
}
