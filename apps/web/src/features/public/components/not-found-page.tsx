import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * What an address that is no page shows. The server answers such an address with 404 and this
 * page already drawn (apps/server/src/plugins/web.ts, the build's `404` shell).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <img src="/maya.svg" alt="" width={96} height={96} />
      <Typography variant="h1" sx={{ fontSize: '2rem', mt: 2 }} gutterBottom data-first-content="">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.text')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}
