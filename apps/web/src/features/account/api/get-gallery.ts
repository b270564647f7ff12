import { queryOptions, useQuery } from '@tanstack/react-query';
import { galleryResponseSchema } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { galleryQueryKey } from './account-mutations';

export const galleryQuery = queryOptions({
  queryKey: galleryQueryKey,
  queryFn: ({ signal }) => apiRequest('/me/gallery', galleryResponseSchema, { signal }),
});

export const useGallery = () => useQuery(galleryQuery);
