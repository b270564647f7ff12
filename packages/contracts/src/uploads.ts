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
