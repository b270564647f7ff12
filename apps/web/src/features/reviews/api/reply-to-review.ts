import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealReviews } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { keepReviews } from './write-review';

/** `POST /deal-reviews/{id}/reply`: the business's one reply to its client's published review. */
export const replyToReview = ({ dealId, text }: { dealId: string; text: string }) =>
  apiCall<DealReviews>(`/deal-reviews/${encodeURIComponent(dealId)}/reply`, {
    method: 'POST',
    body: { text },
  });

export function useReplyToReview(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => replyToReview({ dealId, text }),
    onSuccess: (reviews) => keepReviews(queryClient, dealId, reviews),
  });
}
