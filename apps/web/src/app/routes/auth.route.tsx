import { useLocation } from 'react-router';
import { AuthPage } from '../../features/auth/components/auth-page';

export default function AuthRoute() {
  const { pathname } = useLocation();
  const role = pathname.startsWith('/sellerauth')
    ? 'seller'
    : pathname.startsWith('/buyerauth')
      ? 'buyer'
      : null;
  return <AuthPage key={pathname} role={role} />;
}
