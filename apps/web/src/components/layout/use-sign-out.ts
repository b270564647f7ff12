import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
        // react-toastify loads after the first paint (see app.tsx).
        void import('react-toastify').then(({ toast }) => toast.success(t('toast.signedOut')));
      },
    });
}
