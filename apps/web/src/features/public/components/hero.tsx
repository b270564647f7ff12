import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTyping } from '../hooks/use-typing';

export function Hero({ onAsk }: { onAsk: () => void }) {
  const { t } = useTranslation();
  const taglines = t('landing.taglines', { returnObjects: true }) as string[];
  const typed = useTyping(taglines, { typeSpeed: 70, deleteSpeed: 50, delay: 1000 });
  return (
    <Box
      sx={{
        background: 'linear-gradient(135deg, #1a237e 0%, #283593 55%, #880e4f 100%)',
        color: '#fff',
        py: { xs: 6, md: 10 },
      }}
    >
      <Container
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '1.3fr 1fr' },
          alignItems: 'center',
        }}
      >
        <Box>
          <Button
            onClick={onAsk}
            startIcon={<SearchIcon />}
            sx={{
              bgcolor: '#fff',
              color: 'text.primary',
              borderRadius: 8,
              px: 3,
              py: 1.2,
              mb: 3,
              '&:hover': { bgcolor: 'grey.100' },
            }}
          >
            {t('landing.ask')}
          </Button>
          <Typography variant="h1" gutterBottom>
            {t('landing.welcome', { brand: t('brand') })}
          </Typography>
          <Typography aria-live="off" sx={{ fontSize: '1.2rem', minHeight: '3.6em' }}>
            <span aria-hidden="true">{typed}</span>
            <Box component="span" sx={visuallyHidden}>
              {taglines.join(' ')}
            </Box>
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, mt: 3 }}
          >
            <Button
              component={RouterLink}
              to="/sellerauth"
              variant="contained"
              color="secondary"
              size="large"
            >
              {t('landing.joinBusiness')}
            </Button>
            <Typography sx={{ textAlign: 'center', fontWeight: 700 }}>{t('landing.or')}</Typography>
            <Button
              component={RouterLink}
              to="/buyerauth"
              variant="outlined"
              size="large"
              sx={{
                color: '#fff',
                borderColor: '#fff',
                '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,.1)' },
              }}
            >
              {t('landing.joinClient')}
            </Button>
          </Stack>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <img
            src="/maya.svg"
            alt={t('landing.heroAlt')}
            width={280}
            height={280}
            fetchPriority="high"
            style={{ maxWidth: '70vw', height: 'auto' }}
          />
        </Box>
      </Container>
    </Box>
  );
}
