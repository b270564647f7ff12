import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The blinking "Live" light: on and off every second (still when motion is reduced). */
export function LiveLight({ color = 'inherit' }: { color?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color }}>
      <Box
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: '#2e7d32',
          '@keyframes blink': { '0%, 49%': { opacity: 1 }, '50%, 100%': { opacity: 0.25 } },
          animation: 'blink 2s linear infinite',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
        {t('assistant.live')}
      </Typography>
    </Box>
  );
}
