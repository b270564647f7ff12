import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useBusinessReviews } from '../api/find-business-reviews';
import { RatingSummary } from './rating-summary';
import { ReviewItem } from './review-item';

/** A business's profile: its clients' published reviews, newest first, with the replies. */
export function BusinessReviews({ businessId, name }: { businessId: string; name: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const reviews = useBusinessReviews(businessId);
  return (
    <Box component="section" sx={{ mt: 4 }} aria-labelledby="reviews-title">
      <Typography id="reviews-title" component="h2" variant="h3" gutterBottom>
        {t('reviews.title')}
      </Typography>
      {reviews.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : reviews.isError ? (
        <Alert severity="warning">{t('reviews.loadFailed')}</Alert>
      ) : reviews.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('reviews.none')}</Typography>
      ) : (
        <>
          {reviews.data.rating && <RatingSummary rating={reviews.data.rating} />}
          {reviews.data.items.map((review) => (
            <Fragment key={review.id}>
              <Divider sx={{ my: 1 }} />
              <ReviewItem
                review={review}
                businessName={name}
                businessId={businessId}
                viewerId={user?.id}
              />
            </Fragment>
          ))}
        </>
      )}
    </Box>
  );
}
