import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UploadedImage } from '@maya/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const AUTOPLAY_MS = 2000;
const TRANSITION_MS = 500;

/** Auto-playing, endless: three images from 1024 px wide, one below; pauses on hover or focus. */
export function Carousel({ images }: { images: UploadedImage[] }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width:1024px)');
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  const perView = Math.min(wide ? 3 : 1, images.length);
  const [start, setStart] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = images.length;

  useEffect(() => {
    if (paused || still || count <= perView) return;
    const timer = setInterval(() => setStart((value) => (value + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, still, count, perView]);

  const visible = Array.from({ length: perView }, (_, offset) => images[(start + offset) % count]!);
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={t('account.carousel')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{ position: 'relative' }}
    >
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: `repeat(${perView}, 1fr)` }}>
        {visible.map((image, offset) => (
          <Box
            key={`${image.id}-${offset}`}
            component="img"
            src={image.url}
            alt={image.name}
            sx={{
              width: '100%',
              aspectRatio: '4 / 3',
              objectFit: 'cover',
              borderRadius: 2,
              '@keyframes fade': { from: { opacity: 0.4 }, to: { opacity: 1 } },
              animation: still ? 'none' : `fade ${TRANSITION_MS}ms ease`,
            }}
          />
        ))}
      </Box>
      {count > perView && (
        <>
          <IconButton
            aria-label={t('account.previous')}
            onClick={() => setStart((start - 1 + count) % count)}
            sx={{
              position: 'absolute',
              left: 4,
              top: '50%',
              transform: 'translateY(-50%)',
              bgcolor: 'rgba(255,255,255,.85)',
            }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label={t('account.next')}
            onClick={() => setStart((start + 1) % count)}
            sx={{
              position: 'absolute',
              right: 4,
              top: '50%',
              transform: 'translateY(-50%)',
              bgcolor: 'rgba(255,255,255,.85)',
            }}
          >
            <ChevronRightIcon />
          </IconButton>
        </>
      )}
    </Box>
  );
}
