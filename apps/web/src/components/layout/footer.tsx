import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function Footer() {
  const { t } = useTranslation();
  const brand = t('brand');
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.100', mt: 6, py: 4 }}>
      <Container>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
            alignItems: 'center',
          }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              '@keyframes rise': {
                from: { opacity: 0, transform: 'translateY(12px)' },
                to: { opacity: 1, transform: 'none' },
              },
              animation: 'rise 0.5s ease-out 0.3s both',
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            <img src="/logo.svg" alt="" width={32} height={32} />
            <Typography sx={{ fontWeight: 700 }}>{brand}</Typography>
          </Box>
          <Box
            component="nav"
            aria-label={t('footer.legal')}
            sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: { sm: 'flex-end' } }}
          >
            {/* The spec's #privacy and #terms anchors: the pages' sections carry those ids, and
                the landing page sends /#privacy and /#terms on to them. */}
            <Link component={RouterLink} to="/privacy#privacy" color="inherit">
              {t('footer.privacy')}
            </Link>
            <Link component={RouterLink} to="/terms#terms" color="inherit">
              {t('footer.terms')}
            </Link>
            <Link component={RouterLink} to="/monetization" color="inherit">
              {t('footer.monetization')}
            </Link>
            <Link component={RouterLink} to="/ranking" color="inherit">
              {t('footer.ranking')}
            </Link>
            <Link component={RouterLink} to="/report" color="inherit">
              {t('footer.report')}
            </Link>
          </Box>
        </Box>
        {/* The page's HTML is prerendered at build time: a visit in a later year than the build
            shows this year once the app takes over, without a hydration warning. */}
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }} suppressHydrationWarning>
          {t('footer.copyright', { year: new Date().getFullYear(), brand })}
        </Typography>
      </Container>
    </Box>
  );
}
