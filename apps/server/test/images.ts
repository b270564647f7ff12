import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { uploadResponseSchema, type UploadedImage } from '@maya/contracts';
import { multipart, type Part } from './multipart.js';
import { sameOrigin } from './sessions.js';

/**
 * A PNG of one flat colour, made on the spot, with the EXIF a camera would write (so tests can
 * see that a stored image has none).
 */
export async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret camera owner' } })
    .toBuffer();
}

/** `count` PNG parts named photo-0.png, photo-1.png… */
export async function pngParts(count: number): Promise<Part[]> {
  const parts: Part[] = [];
  for (let index = 0; index < count; index += 1) {
    parts.push({ name: `photo-${index}.png`, data: await png(), type: 'image/png' });
  }
  return parts;
}

/** Posts `parts` as a multipart upload: to /api/v1/uploads unless another URL is given. */
export function postImages(
  app: FastifyInstance,
  parts: Part[],
  headers: Record<string, string> = {},
  url = '/api/v1/uploads',
) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
}

/** A visitor's sign-up avatar (POST /api/v1/uploads?kind=avatar), for `imageUploadId`. */
export async function uploadAvatar(app: FastifyInstance): Promise<UploadedImage> {
  const response = await postImages(
    app,
    [{ name: 'me.png', data: await png(), type: 'image/png' }],
    sameOrigin,
    '/api/v1/uploads?kind=avatar',
  );
  expect(response.statusCode).toBe(201);
  return uploadResponseSchema.parse(response.json()).files[0]!;
}
