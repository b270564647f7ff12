import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useLogout } from '../../lib/session';

/** Ends the session on the server, forgets local choices, goes home and says so. */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return () =>
    logout.mutate(undefined, {
      onSettled: () => {
        localStorage.removeItem('navBtn');
        void navigate('/');
        toast.success(t('toast.signedOut'));
      },
    });
}
