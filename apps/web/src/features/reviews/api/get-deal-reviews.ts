import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealReviews } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** A completed deal's reviews as the viewer, one of its two people, sees them (double-blind). */
export const dealReviewsQuery = (dealId: string) =>
  queryOptions({
    queryKey: reviewKeys.deal(dealId),
    queryFn: ({ signal }) =>
      apiCall<DealReviews>(`/deal-reviews/${encodeURIComponent(dealId)}`, { signal }),
    // The other side's review, or an operator's release, changes what is shown without any
    // event reaching this screen: a kept answer is shown and read again each time it is drawn.
    staleTime: 0,
  });

export const useDealReviews = (dealId: string) => useQuery(dealReviewsQuery(dealId));
