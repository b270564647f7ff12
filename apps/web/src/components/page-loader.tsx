import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/**
 * A spinner drawn with CSS rather than MUI's CircularProgress: it is on screen while the first
 * page loads, so it stays out of the way of the first script's size budget.
 */
export function PageLoader() {
  const { t } = useTranslation();
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
