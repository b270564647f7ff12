import StarIcon from '@mui/icons-material/Star';
import Typography from '@mui/material/Typography';
import type { RatingSummary as Summary } from '@maya/contracts';
import { useTranslation } from 'react-i18next';

/** A business's average and count, "4.5 out of 5 · 2 reviews", on its card and its profile. */
export function RatingSummary({ rating }: { rating: Summary }) {
  const { t, i18n } = useTranslation();
  const average = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating.average);
  return (
    <Typography
      variant="body2"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      <StarIcon fontSize="small" sx={{ color: 'warning.dark' }} aria-hidden />
      {t('reviews.summary', { average, count: rating.count })}
    </Typography>
  );
}
