import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import {
  createDiskStorage,
  IMMUTABLE_CACHE_CONTROL,
  STORAGE_KEY_PATTERN,
  type ReadableStorage,
  type Storage,
} from '../lib/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are kept: DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. */
    storage: Storage;
  }
}

type UploadsConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_URL'
>;

/** An image is never anything a browser may run, whatever a stored file turns out to hold. */
const IMAGE_CSP = "default-src 'none'; sandbox";
const IMAGE_TYPES = new Set(['image/webp', 'image/png', 'image/jpeg']);

/**
 * The image storage and /uploads. On disk, files are served from DATA_DIR/uploads. With
 * S3_BUCKET, the AWS SDK is loaded (only then, so a default start stays light) and /uploads
 * streams objects from the bucket; it stays available when S3_PUBLIC_URL is set, so URLs
 * recorded before that keep working. Names are random and never reused, so answers are cached
 * for a year; nosniff (set globally) and a sandbox policy stop a browser from reading one as
 * anything but an image.
 */
export default fp<{ config: UploadsConfig }>(
  async (app, { config }) => {
    if (!config.S3_BUCKET) {
      const root = join(config.DATA_DIR, 'uploads');
      mkdirSync(root, { recursive: true });
      app.decorate('storage', createDiskStorage(root));
      await app.register(fastifyStatic, {
        root,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        dotfiles: 'deny',
        immutable: true,
        maxAge: '365d',
        setHeaders(res) {
          res.header('content-security-policy', IMAGE_CSP);
        },
      });
      return;
    }

    const { createS3Storage } = await import('../lib/s3-storage.js');
    const storage = createS3Storage(
      {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        // Both are present whenever S3_BUCKET is (config.ts refuses to start otherwise).
        accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        publicUrl: config.S3_PUBLIC_URL,
      },
      app.log,
    );
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());
    serveFromBucket(app, storage);
  },
  { name: 'uploads' },
);

function serveFromBucket(app: FastifyInstance, storage: ReadableStorage) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!STORAGE_KEY_PATTERN.test(key)) return reply.callNotFound();
    const ifNoneMatch = request.headers['if-none-match'];
    const object = await storage.get(key, ifNoneMatch);
    if (!object) return reply.callNotFound();

    reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
    reply.header('content-security-policy', IMAGE_CSP);
    if (object.etag) reply.header('etag', object.etag);
    if (object.notModified) return reply.code(304).send();
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    reply.type(
      object.contentType && IMAGE_TYPES.has(object.contentType)
        ? object.contentType
        : 'application/octet-stream',
    );
    if (request.method === 'HEAD') {
      object.body?.destroy();
      return reply.send();
    }
    return reply.send(object.body);
  });
}
