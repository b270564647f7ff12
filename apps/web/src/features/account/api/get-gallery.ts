import { queryOptions, useQuery } from '@tanstack/react-query';
import { galleryResponseSchema } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export const getGallery = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/me/gallery', galleryResponseSchema, { signal });

export const galleryQuery = queryOptions({
  queryKey: accountKeys.gallery,
  queryFn: ({ signal }) => getGallery({ signal }),
});

export const useGallery = () => useQuery(galleryQuery);
