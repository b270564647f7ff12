import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { startS3Peer } from './s3-peer.js';

export interface StorageUnderTest {
  storage: 'disk' | 'S3';
  app: TestApp['app'];
  /** Whether the file behind an `/uploads/…` URL is in this storage. */
  isStored: (url: string) => Promise<boolean>;
}

/**
 * Two apps for the flows that touch image storage: one on disk, and one against a real S3
 * server (s3rver) with /uploads streamed from the bucket. Call at the top of a test file.
 */
export async function buildStorageApps(): Promise<{
  onDisk: TestApp;
  storages: StorageUnderTest[];
}> {
  const bucket = await startS3Peer();
  const onDisk = await buildTestApp();
  const inBucket = await buildTestApp(bucket.env);
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  return {
    onDisk,
    storages: [
      {
        storage: 'disk',
        app: onDisk.app,
        isStored: async (url) => existsSync(join(onDisk.config.DATA_DIR, 'uploads', keyOf(url))),
      },
      {
        storage: 'S3',
        app: inBucket.app,
        isStored: async (url) => (await bucket.head(keyOf(url))) !== undefined,
      },
    ],
  };
}
