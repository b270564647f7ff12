import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { AppError } from './app-error.js';
import { IMMUTABLE_CACHE_CONTROL, type ReadableStorage } from './storage.js';

// This module (and the AWS SDK with it) is imported only when S3_BUCKET is set (plugins/uploads.ts).

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2...); unset for AWS. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Base URL browsers load images from; unset, URLs are `/uploads/<key>` served by this process. */
  publicUrl?: string;
}

/** Where failures are written; the answer only ever says the storage is unavailable. */
export interface StorageLog {
  error(details: Record<string, unknown>, message: string): void;
}

export interface S3Storage extends ReadableStorage {
  close(): void;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

export function createS3Storage(settings: S3Settings, log: StorageLog): S3Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    maxAttempts: 3,
    // A bucket that does not answer fails the request in seconds instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000 },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the extra
    // headers the SDK would otherwise add to every write.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const prefix = settings.publicUrl ? `${settings.publicUrl}/` : '/uploads/';

  function unavailable(error: unknown, operation: string, key: string): AppError {
    log.error(
      { err: error, operation, bucket: Bucket, key, status: statusOf(error) },
      'image storage request failed',
    );
    return new AppError(
      'UNAVAILABLE',
      'Image storage is not reachable right now. Please try again in a moment.',
    );
  }

  return {
    async put(key, data, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: data,
            ContentLength: data.length,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw unavailable(error, 'put', key);
      }
    },

    async remove(key) {
      try {
        // Deleting a key that is already gone succeeds, so a retried deletion is harmless.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, 'delete', key);
      }
    },

    url: (key) => `${prefix}${key}`,

    async get(key, etag) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: etag }),
        );
        return {
          body: object.Body as Readable | undefined,
          contentType: object.ContentType,
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) return { notModified: true, etag };
        // A missing key is a 404 for the caller; a missing bucket is a broken setting.
        if (nameOf(error) === 'NoSuchKey' || (status === 404 && nameOf(error) !== 'NoSuchBucket'))
          return undefined;
        throw unavailable(error, 'get', key);
      }
    },

    close: () => client.destroy(),
  };
}
