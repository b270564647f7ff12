import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

export interface StoredObjectInfo {
  contentType?: string;
  cacheControl?: string;
  size?: number;
}

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at this peer (path-style, s3rver's own keys). */
  env: Record<string, string>;
  /** The object's metadata as the bucket reports it, or undefined when there is none. */
  head(key: string): Promise<StoredObjectInfo | undefined>;
  read(key: string): Promise<Buffer>;
  /** Stops the server: from then on every request to it is refused. */
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a random local port, with one empty bucket, read back
 * through the AWS SDK: the app under test talks the S3 protocol to it, nothing is mocked.
 */
export async function startS3Peer(bucket = 'maya-test'): Promise<S3Peer> {
  const directory = await mkdtemp(join(tmpdir(), 'maya-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  afterAll(async () => {
    client.destroy();
    await stop();
    await rm(directory, { recursive: true, force: true });
  });

  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async head(key) {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          contentType: object.ContentType,
          cacheControl: object.CacheControl,
          size: object.ContentLength,
        };
      } catch (error) {
        if (
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return undefined;
        throw error;
      }
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    stop,
  };
}
