import { useMutation, useQueryClient } from '@tanstack/react-query';
import { galleryResponseSchema, type PutGalleryBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { galleryQuery } from './get-gallery';

/** The gallery becomes these uploaded images, in this order. */
export const saveGallery = (body: PutGalleryBody) =>
  apiRequest('/me/gallery', galleryResponseSchema, { method: 'PUT', body });

export function useSaveGallery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageIds: string[]) => saveGallery({ imageIds }),
    onSuccess: (data) => queryClient.setQueryData(galleryQuery.queryKey, data),
  });
}
