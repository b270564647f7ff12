import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PutGalleryBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { galleryQuery } from './get-gallery';

/** The gallery becomes these uploaded images, in this order. */
export const saveGallery = (body: PutGalleryBody) =>
  apiRequest(
    '/me/gallery',
    loadContracts().then((contracts) => contracts.galleryResponseSchema),
    { method: 'PUT', body },
  );

export function useSaveGallery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageIds: string[]) => saveGallery({ imageIds }),
    onSuccess: (data) => queryClient.setQueryData(galleryQuery.queryKey, data),
  });
}
