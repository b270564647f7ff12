import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Stored images under /uploads. File names are random and never reused, so they are cached
 * for a year; nosniff (set globally) stops a browser from reading one as anything but an image.
 */
export default fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const root = join(dataDir, 'uploads');
    mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      setHeaders(res) {
        res.header('content-security-policy', "default-src 'none'; sandbox");
      },
    });
  },
  { name: 'uploads' },
);
