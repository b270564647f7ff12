import { useLocation } from 'react-router';
import { AuthPage } from '../../features/auth/components/auth-page';

export default function AuthRoute() {
  const { pathname } = useLocation();
  return <AuthPage key={pathname} role={pathname.startsWith('/sellerauth') ? 'seller' : 'buyer'} />;
}
