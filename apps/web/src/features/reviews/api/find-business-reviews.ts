import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessReviews } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** A business's published reviews from its clients, newest first, with their average. */
export const businessReviewsQuery = (businessId: string) =>
  queryOptions({
    queryKey: reviewKeys.business(businessId),
    queryFn: ({ signal }) =>
      apiCall<BusinessReviews>(`/users/${encodeURIComponent(businessId)}/reviews`, { signal }),
  });

export const useBusinessReviews = (businessId: string) =>
  useQuery(businessReviewsQuery(businessId));
