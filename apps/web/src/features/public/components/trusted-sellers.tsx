import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFeaturedSellers } from '../../directory';

/** A looping strip of the eight featured sellers; the copy is hidden from assistive technology. */
export function TrustedSellers() {
  const { t } = useTranslation();
  const sellers = useFeaturedSellers();
  // The strip is drawn in a background render that yields to the browser, not in the update
  // that delivers the answer, which would hold the main thread for the whole strip at once.
  const { data, isError } = useDeferredValue(sellers);
  if (isError || !data || data.items.length === 0) return null;
  const loop = [...data.items, ...data.items];
  return (
    <Container component="section" aria-labelledby="trusted-title" sx={{ py: 6 }}>
      <Typography id="trusted-title" variant="h2" gutterBottom>
        {t('landing.trusted')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('landing.trustedIntro')}
      </Typography>
      <Box
        sx={{
          overflow: 'hidden',
          maskImage: 'linear-gradient(90deg, transparent, #000 5%, #000 95%, transparent)',
        }}
      >
        <Box
          component="ul"
          sx={{
            display: 'flex',
            gap: 2,
            p: 0,
            m: 0,
            listStyle: 'none',
            width: 'max-content',
            '@keyframes marquee': {
              from: { transform: 'translateX(0)' },
              to: { transform: 'translateX(-50%)' },
            },
            animation: 'marquee 40s linear infinite',
            '&:hover, &:focus-within': { animationPlayState: 'paused' },
            '@media (prefers-reduced-motion: reduce)': {
              animation: 'none',
              overflowX: 'auto',
              width: 'auto',
            },
          }}
        >
          {loop.map((seller, index) => {
            const copy = index >= data.items.length;
            return (
              <Box
                component="li"
                key={`${seller.id}-${index}`}
                aria-hidden={copy || undefined}
                sx={{ width: 220, flexShrink: 0 }}
              >
                <Card variant="outlined">
                  <CardActionArea
                    component={RouterLink}
                    to={`/sellers/${seller.id}`}
                    tabIndex={copy ? -1 : undefined}
                    sx={{ p: 2, display: 'flex', gap: 1.5, justifyContent: 'flex-start' }}
                  >
                    <Avatar
                      src={seller.thumbnailUrl ?? undefined}
                      alt=""
                      sx={{ width: 48, height: 48 }}
                    />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography noWrap sx={{ fontWeight: 600 }}>
                        {seller.fullName}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {seller.location?.address.split(',').slice(-2, -1)[0]?.trim() ?? ''}
                      </Typography>
                    </Box>
                  </CardActionArea>
                </Card>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Container>
  );
}
