import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Replaces a form while its request runs. */
export function Busy() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={28} />
      <Typography>{t('auth.working')}</Typography>
    </Box>
  );
}
