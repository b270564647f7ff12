import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DealReviews, ReviewBody } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** `PUT /deal-reviews/{id}/mine`: write the viewer's review, or edit it before publication. */
export const writeReview = ({ dealId, body }: { dealId: string; body: ReviewBody }) =>
  apiCall<DealReviews>(`/deal-reviews/${encodeURIComponent(dealId)}/mine`, {
    method: 'PUT',
    body,
  });

/**
 * The deal's reviews as the server now has them; once they are published, the business's
 * rating on cards and its profile changed too, so those are read again.
 */
export function keepReviews(queryClient: QueryClient, dealId: string, reviews: DealReviews) {
  queryClient.setQueryData(reviewKeys.deal(dealId), reviews);
  if (reviews.status === 'published') {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.businesses });
    // The directory's cache (cards and profiles), by its first key.
    void queryClient.invalidateQueries({ queryKey: ['directory'] });
  }
}

export function useWriteReview(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => writeReview({ dealId, body }),
    onSuccess: (reviews) => keepReviews(queryClient, dealId, reviews),
  });
}
