import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { Review, ReviewPart } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../lib/dates';
import { ReportAction } from '../../reports';

/**
 * One review: its stars, who wrote it (a deleted client's, as the server marks it, is a former
 * client's), when, its words and the business's reply under it. `heading` names it for the
 * deal's view ("Your review"); a profile names its author. A signed-in viewer (`viewerId`) may
 * report a published review that is not theirs, and a reply that is not their business's. A
 * review taken down after a report reaches only its author, who is told so.
 */
export function ReviewItem({
  review,
  heading,
  businessName,
  businessId,
  viewerId,
}: {
  review: Review;
  heading?: string;
  /** Who signs the reply, when there is one. */
  businessName: string;
  /** The business the review is about (the reply's author). */
  businessId?: string;
  /** Who is looking, when signed in: they may report what others wrote. */
  viewerId?: string | null;
}) {
  const { t } = useTranslation();
  const author = review.author.former ? t('reviews.formerClient') : review.author.name;
  const removed = Boolean(review.removedAt);
  // Another person's review reaches the viewer only once published (a profile's list carries no
  // `publishedAt`); one taken down is its author's alone.
  const shown = !removed;
  const canReport = shown && Boolean(viewerId) && review.author.id !== viewerId;
  const canReportReply =
    shown && Boolean(viewerId) && Boolean(businessId) && businessId !== viewerId;

  const reportButton = (part: ReviewPart, name: string) => (
    <ReportAction subject={{ kind: 'review', reviewId: review.id, part }} name={name}>
      {(open) => (
        <Button
          size="small"
          color="inherit"
          startIcon={<OutlinedFlagIcon fontSize="small" />}
          onClick={open}
          aria-label={t(part === 'reply' ? 'reviews.reportReply' : 'reviews.reportReview', {
            name,
          })}
          sx={{ color: 'text.secondary', ml: 'auto' }}
        >
          {t('reports.report')}
        </Button>
      )}
    </ReportAction>
  );

  return (
    <Box
      component="article"
      aria-label={heading ?? author}
      sx={{
        py: 1,
        ...(removed && {
          opacity: 0.9,
          px: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }),
      }}
    >
      {removed && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          <strong>{t('reviews.removed')}</strong> {t('reviews.removedBody')}{' '}
          <Link component={RouterLink} to="/account#decisions">
            {t('reviews.removedDecision')}
          </Link>
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
        <Rating
          value={review.rating}
          readOnly
          size="small"
          getLabelText={(count) => t('reviews.stars', { count })}
        />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {heading ?? author}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDay(review.publishedAt ?? review.updatedAt)}
        </Typography>
        {canReport && reportButton('review', author)}
      </Box>
      <Typography
        sx={{
          whiteSpace: 'pre-wrap',
          mt: 0.5,
          overflowWrap: 'anywhere',
          ...(removed && { color: 'text.secondary' }),
        }}
      >
        {review.text}
      </Typography>
      {review.reply && (
        <Box sx={{ mt: 1, ml: 2, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('reviews.reply', { name: businessName })}
            </Typography>
            {canReportReply && reportButton('reply', businessName)}
          </Box>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.reply.text}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
