import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryResponse } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export const getGallery = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiCall<GalleryResponse>('/me/gallery', { signal });

export const galleryQuery = queryOptions({
  queryKey: accountKeys.gallery,
  queryFn: ({ signal }) => getGallery({ signal }),
});

export const useGallery = () => useQuery(galleryQuery);
