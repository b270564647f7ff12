import { SignInLinkPage } from '../../features/auth/components/sign-in-link-page';

export default function SignInLinkRoute() {
  return <SignInLinkPage />;
}
