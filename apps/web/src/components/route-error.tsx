import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { markScreenSettled } from '../start/screen-ready';

/** The router's fallback screen: says what broke and offers a way back. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(markScreenSettled, []);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h1" gutterBottom>
        {t('errors.unexpected')}
      </Typography>
      <Typography
        component="pre"
        sx={{ whiteSpace: 'pre-wrap', bgcolor: 'grey.100', p: 2, borderRadius: 1 }}
      >
        {message}
      </Typography>
      {/* A plain link (a full page load), so this screen works even when chunks fail to load. */}
      <Typography
        component="a"
        href="/"
        sx={{ display: 'inline-block', mt: 2, color: 'primary.main' }}
      >
        {t('errors.backHome')}
      </Typography>
    </Box>
  );
}
