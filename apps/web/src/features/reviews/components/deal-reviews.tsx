import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Deal, Review } from '@maya/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useSession } from '../../../lib/session';
import { useDealReviews } from '../api/get-deal-reviews';
import { ReplyForm } from './reply-form';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';

/**
 * A completed deal's reviews on /deals, as the server decides them for the viewer: the form
 * while the viewer may write; their own review and "waiting for the other side" until both
 * wrote or the window closed; then both, which no longer change, and the business's one reply.
 */
export function DealReviews({
  deal,
}: {
  deal: Pick<Deal, 'id' | 'status' | 'business' | 'businessId'>;
}) {
  const ready = useNamespace('reviews');
  if (deal.status !== 'completed') return null;
  if (!ready) return <Skeleton variant="rounded" height={48} />;
  return (
    <DealReviewsSection
      dealId={deal.id}
      businessId={deal.businessId}
      businessName={deal.business.name}
    />
  );
}

function DealReviewsSection({
  dealId,
  businessId,
  businessName,
}: {
  dealId: string;
  businessId: string;
  businessName: string;
}) {
  const { t } = useTranslation('reviews');
  const { t: tMain } = useTranslation();
  const { user } = useSession();
  const reviews = useDealReviews(dealId);
  const [editing, setEditing] = useState(false);
  const headingId = useId();

  if (reviews.isPending) return <Skeleton variant="rounded" height={48} />;
  if (reviews.isError) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void reviews.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </Alert>
    );
  }
  const { status, mine, theirs, canWrite, canReply, windowEndsAt } = reviews.data;
  if (status === 'not_completed') return null;
  const until = windowEndsAt ? formatDay(windowEndsAt) : '';
  const theirName = (review: Review) =>
    review.author.former ? tMain('reviews.formerClient') : review.author.name;
  const item = (review: Review, heading: string) => (
    <ReviewItem
      review={review}
      heading={heading}
      businessName={businessName}
      businessId={businessId}
      viewerId={user?.id}
    />
  );

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, mt: 0.5 }}
    >
      <Typography id={headingId} component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {canWrite && !mine ? t('write') : t('title')}
      </Typography>
      <Stack spacing={1.5}>
        {canWrite && (!mine || editing) && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('writeHint', { date: until })}
            </Typography>
            <ReviewForm
              key={mine?.updatedAt ?? 'new'}
              dealId={dealId}
              mine={mine}
              onDone={mine ? () => setEditing(false) : undefined}
            />
          </>
        )}
        {mine && !(canWrite && editing) && item(mine, t('mine'))}
        {status === 'waiting' && mine && (
          <Typography variant="body2" role="status">
            {t('waiting', { date: until })}
          </Typography>
        )}
        {status === 'waiting' && mine && canWrite && !editing && (
          <Box>
            <Button size="small" onClick={() => setEditing(true)}>
              {t('edit')}
            </Button>
          </Box>
        )}
        {theirs && item(theirs, t('theirs', { name: theirName(theirs) }))}
        {canReply && <ReplyForm dealId={dealId} />}
        {status === 'published' && (
          <Typography variant="body2" color="text.secondary">
            {t('published')}
          </Typography>
        )}
        {status === 'held' && <Typography variant="body2">{t('held')}</Typography>}
        {status === 'closed' && !mine && !theirs && (
          <Typography variant="body2" color="text.secondary">
            {t('closed')}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
