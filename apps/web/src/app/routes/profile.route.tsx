import { ProfilePage } from '../../features/directory/components/profile-page';

export default function ProfileRoute() {
  return <ProfilePage />;
}
