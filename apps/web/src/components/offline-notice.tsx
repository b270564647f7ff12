import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';

/**
 * Signed in and offline: a line under the top bar says so, while the screen keeps what it last
 * loaded (the query cache) and fetches again once the connection is back. Drawn without MUI's
 * Alert: it is part of the first script, and it must draw offline, when no other chunk can load.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Box
      role="status"
      sx={{ bgcolor: 'grey.800', color: 'common.white', px: 2, py: 1, typography: 'body2' }}
    >
      <strong>{t('errors.offline')}</strong> {t('errors.offlineCached')}
    </Box>
  );
}
