import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';

/**
 * A spinner drawn with CSS rather than MUI's CircularProgress: it is on screen while the first
 * page loads, so it stays out of the way of the first script's size budget. Offline, what it
 * waits for cannot come: it says so instead, and the screen loads once the connection is back
 * (the queries resume by themselves).
 */
export function PageLoader() {
  const { t } = useTranslation();
  const online = useOnline();
  if (!online) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh', p: 3 }}>
        <Box role="status" sx={{ maxWidth: 420, textAlign: 'center' }}>
          <Box component="p" sx={{ typography: 'h6', m: 0 }}>
            {t('errors.offline')}
          </Box>
          <Box component="p" sx={{ typography: 'body1', color: 'text.secondary', mt: 1 }}>
            {t('errors.offlineWaiting')}
          </Box>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }} role="status">
      <Box
        role="progressbar"
        aria-label={t('errors.loading')}
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: '4px solid',
          borderColor: 'primary.main',
          borderRightColor: 'transparent',
          '@keyframes page-loader-spin': { to: { transform: 'rotate(360deg)' } },
          animation: 'page-loader-spin 0.8s linear infinite',
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
        }}
      />
    </Box>
  );
}
