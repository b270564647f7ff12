import Skeleton from '@mui/material/Skeleton';
import { Suspense, type ComponentProps } from 'react';
import { lazy } from '../../../lib/lazy';

// A deal's reviews and their forms load with the first completed deal /deals shows, and a
// profile's list once its profile has a rating, so the directory, which draws a rating from this
// feature on every card, carries neither.
const Section = lazy(() =>
  import('./deal-reviews').then((module) => ({ default: module.DealReviews })),
);
const List = lazy(() =>
  import('./business-reviews').then((module) => ({ default: module.BusinessReviews })),
);

/** A completed deal's reviews: the form, the waiting, or both published. */
export function DealReviews(props: ComponentProps<typeof Section>) {
  if (props.deal.status !== 'completed') return null;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={48} />}>
      <Section {...props} />
    </Suspense>
  );
}

/** A business's published reviews, newest first, with its replies (its profile). */
export function BusinessReviews(props: ComponentProps<typeof List>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={96} sx={{ mt: 4 }} />}>
      <List {...props} />
    </Suspense>
  );
}
