import { AppealPage } from '../../features/moderation/components/appeal-page';

export default function AppealRoute() {
  return <AppealPage />;
}
