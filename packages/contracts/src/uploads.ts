import { z } from 'zod';
import { idSchema } from './common.js';

export const uploadedImageSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    url: z.string(),
    thumbnailUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const uploadKindSchema = z.enum(['avatar', 'gallery']);
export const uploadQuerySchema = z.object({ kind: uploadKindSchema.default('gallery') });

export const uploadResponseSchema = z
  .object({ files: z.array(uploadedImageSchema) })
  .meta({ id: 'UploadResponse' });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const GALLERY_MAX_ITEMS = 30;

export const putGalleryBodySchema = z
  .object({
    imageIds: z
      .array(idSchema)
      .max(GALLERY_MAX_ITEMS, { error: `A gallery holds at most ${GALLERY_MAX_ITEMS} images.` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'An image appears twice.' }),
  })
  .meta({ id: 'PutGalleryBody' });
export type PutGalleryBody = z.infer<typeof putGalleryBodySchema>;

export const galleryResponseSchema = z
  .object({ gallery: z.array(uploadedImageSchema) })
  .meta({ id: 'GalleryResponse' });
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;
