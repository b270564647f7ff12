import LayersIcon from '@mui/icons-material/Layers';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GALLERY_LIMITS } from '@maya/contracts/limits';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useScrollToHash } from '../../../components/use-scroll-to-hash';
import { useNamespace } from '../../../lib/i18n/use-namespace';

/** In the order of the "pages" namespace's monetization.sources. */
const icons = [<LayersIcon key="tiers" />, <StarIcon key="premium" />];

/** How the marketplace pays for itself: the plans businesses choose, and nothing else. */
export function MonetizationPage() {
  const ready = useNamespace('pages');
  const { t } = useTranslation('pages');
  useScrollToHash(ready);
  if (!ready) return <PageLoader />;
  const sources = t('monetization.sources', {
    returnObjects: true,
    free: GALLERY_LIMITS.free,
    pro: GALLERY_LIMITS.pro,
  }) as {
    title: string;
    text: string;
  }[];
  return (
    <Container
      component="article"
      aria-labelledby="monetization-title"
      sx={{ py: { xs: 4, md: 6 } }}
    >
      <Typography id="monetization-title" variant="h1" gutterBottom data-first-content="">
        {t('monetization.title')}
      </Typography>
      <Typography sx={{ fontSize: '1.1rem', mb: 4, maxWidth: 760 }}>
        {t('monetization.intro')}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        {sources.map((source, index) => (
          <Card component="li" key={source.title} variant="outlined">
            <CardContent>
              <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden="true">
                {icons[index]}
              </Box>
              <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                {source.title}
              </Typography>
              <Typography color="text.secondary">{source.text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ mt: 4 }}>
        <Link component={RouterLink} to="/pricing">
          {t('monetization.pricingLink')}
        </Link>
        <Link component={RouterLink} to="/ranking">
          {t('monetization.rankingLink')}
        </Link>
        <Link component={RouterLink} to="/privacy">
          {t('monetization.privacyLink')}
        </Link>
      </Stack>
    </Container>
  );
}
