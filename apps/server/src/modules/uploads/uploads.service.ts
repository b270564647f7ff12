import { randomBytes } from 'node:crypto';
import type * as SharpLibrary from 'sharp';
import type { Metadata } from 'sharp';
import { GALLERY_MAX_ITEMS, type GalleryResponse, type UploadedImage } from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { Storage } from '../../lib/storage.js';
import { uuidv7 } from '../../lib/uuid.js';
import { detectImageType } from './image-type.js';
import type { UploadRow, UploadsRepository } from './uploads.repository.js';

export interface IncomingFile {
  name: string;
  data: Buffer;
}

export interface UploadLimits {
  maxPixels: number;
}

/** Longest side of a stored image; larger photos are scaled down. */
const MAX_SIDE = 2048;
const THUMBNAIL_SIDE = 320;
/** Unclaimed sign-up avatars are removed after this long. */
// The image library loads with the first upload, not at start-up.
let imageLibrary: Promise<typeof SharpLibrary> | undefined;
const loadSharp = async () => (await (imageLibrary ??= import('sharp'))).default;

export const UNCLAIMED_TTL_MS = 60 * 60_000;

function safeName(name: string): string {
  const cleaned = name
    .replaceAll(/[^\p{L}\p{N}._ -]/gu, '')
    .trim()
    .slice(0, 120);
  return cleaned || 'image';
}

function avatarExpired(): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    'The profile image has expired. Please upload it again.',
    {
      imageUploadId: 'Unknown or already used',
    },
  );
}

export function createUploadsService(options: {
  repository: UploadsRepository;
  storage: Storage;
  limits: UploadLimits;
  /** Where files left behind in the storage are reported (a failed clean-up never fails a save). */
  log?: { warn(details: Record<string, unknown>, message: string): void };
}) {
  const { repository, storage, limits, log } = options;

  function toImage(row: UploadRow): UploadedImage {
    return {
      id: row.id,
      name: row.name,
      url: storage.url(row.key),
      thumbnailUrl: storage.url(row.thumbnailKey),
      width: row.width,
      height: row.height,
    };
  }

  /** Removes the stored files of these uploads; throws (503 for S3) if the storage fails. */
  async function removeFiles(rows: UploadRow[]): Promise<void> {
    for (const row of rows) {
      await Promise.all([storage.remove(row.key), storage.remove(row.thumbnailKey)]);
    }
  }

  /** For clean-ups after the rows are gone: a failure is reported, and the files stay behind. */
  async function removeFilesOrReport(keys: string[], reason: string): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
    const left = keys.filter((_key, index) => results[index]?.status === 'rejected');
    if (left.length > 0) log?.warn({ keys: left, reason }, 'stored files left behind');
  }

  /**
   * Every image is decoded and re-encoded: what is stored is pixels we produced, with no
   * metadata (GPS, camera) and no payload hidden in the original bytes.
   */
  async function processImage(file: IncomingFile) {
    const type = detectImageType(file.data);
    if (!type) {
      throw new AppError(
        'UNSUPPORTED_FILE_TYPE',
        `File format not supported: "${safeName(file.name)}" is not a PNG, JPEG or WebP image.`,
      );
    }
    const sharp = await loadSharp();
    let metadata: Metadata;
    try {
      // Reading the header decodes no pixels, so the size check below runs before any decoding.
      metadata = await sharp(file.data, { limitInputPixels: false }).metadata();
    } catch {
      throw new AppError(
        'VALIDATION_FAILED',
        `"${safeName(file.name)}" is damaged or incomplete.`,
        {
          files: 'Unreadable image',
        },
      );
    }
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (!metadata.width || !metadata.height || pixels > limits.maxPixels) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `"${safeName(file.name)}" has too many pixels (at most ${limits.maxPixels.toLocaleString('en')}).`,
      );
    }
    try {
      const source = sharp(file.data, {
        limitInputPixels: limits.maxPixels,
        failOn: 'error',
      }).rotate();
      const [full, thumbnail] = await Promise.all([
        source
          .clone()
          .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true }),
        source
          .clone()
          .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' })
          .webp({ quality: 75 })
          .toBuffer(),
      ]);
      return { full, thumbnail };
    } catch {
      throw new AppError(
        'VALIDATION_FAILED',
        `"${safeName(file.name)}" is damaged or incomplete.`,
        {
          files: 'Unreadable image',
        },
      );
    }
  }

  return {
    async storeImages(
      actor: Actor | null,
      kind: 'avatar' | 'gallery',
      files: IncomingFile[],
    ): Promise<UploadedImage[]> {
      if (files.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'Choose at least one image.', {
          files: 'Required',
        });
      }
      if (!actor && kind !== 'avatar')
        throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      if (actor && kind === 'gallery' && actor.role !== 'seller') {
        throw new AppError('FORBIDDEN', 'Only a business has a gallery.');
      }
      if (!actor && files.length > 1) {
        throw new AppError('VALIDATION_FAILED', 'Upload one profile image.', {
          files: 'One file only',
        });
      }
      // Validate every file before storing any, so a bad file in a batch stores nothing.
      const processed = [];
      for (const file of files) processed.push({ file, ...(await processImage(file)) });

      // All or nothing: if the storage or the database fails half-way, what this request
      // already stored is removed again, so a failed upload leaves no file and no row.
      const written: string[] = [];
      const inserted: UploadRow[] = [];
      try {
        for (const { file, full, thumbnail } of processed) {
          const stem = `${kind}/${randomBytes(16).toString('hex')}`;
          const row = {
            id: uuidv7(),
            ownerId: actor?.userId ?? null,
            kind,
            name: safeName(file.name),
            key: `${stem}.webp`,
            thumbnailKey: `${stem}-thumb.webp`,
            size: full.data.length,
            width: full.info.width,
            height: full.info.height,
          };
          await storage.put(row.key, full.data, 'image/webp');
          written.push(row.key);
          await storage.put(row.thumbnailKey, thumbnail, 'image/webp');
          written.push(row.thumbnailKey);
          inserted.push(await repository.insertUpload(row));
        }
      } catch (error) {
        await repository.deleteUploads(inserted.map((row) => row.id)).catch(() => undefined);
        await removeFilesOrReport(written, 'upload failed');
        throw error;
      }
      return inserted.map(toImage);
    },

    /** For sign-up, before the account is created: is this avatar still waiting to be claimed? */
    async requireClaimableAvatar(uploadId: string): Promise<void> {
      if (!(await repository.findUnclaimedAvatar(uploadId))) throw avatarExpired();
    },

    /** For sign-up: the avatar uploaded before the account existed becomes the new user's. */
    async claimAvatar(uploadId: string, userId: string): Promise<UploadedImage> {
      const row = await repository.claimAvatar(uploadId, userId);
      if (!row) throw avatarExpired();
      return toImage(row);
    },

    /**
     * A signed-in owner's new photo or logo: checked and stored like a sign-up avatar, and theirs
     * at once. Once the account shows it, `removeReplacedAvatars` deletes the old one.
     */
    async storeOwnAvatar(actor: Actor, file: IncomingFile): Promise<UploadedImage> {
      const [image] = await this.storeImages(actor, 'avatar', [file]);
      return image!;
    },

    /**
     * After a photo change: every other avatar of the owner goes, rows and files, and so do the
     * files of a demo avatar (`demo/…`, stored with no upload row) among `previousUrls`. The new
     * photo is saved at this point, so a file the storage fails to delete is only reported.
     */
    async removeReplacedAvatars(
      userId: string,
      keptId: string,
      previousUrls: (string | null)[],
    ): Promise<void> {
      const old = (await repository.findAvatarOf(userId)).filter((row) => row.id !== keptId);
      await repository.deleteUploads(old.map((row) => row.id));
      const prefix = storage.url('');
      const demoKeys = previousUrls
        .filter((url): url is string => url !== null && url.startsWith(`${prefix}demo/`))
        .map((url) => url.slice(prefix.length));
      await removeFilesOrReport(
        [...old.flatMap((row) => [row.key, row.thumbnailKey]), ...demoKeys],
        'replaced by a new photo',
      );
    },

    /** For a photo change the account could not save: the new upload goes again. */
    async discardUpload(userId: string, uploadId: string): Promise<void> {
      const rows = await repository.findOwnedByIds(userId, [uploadId]);
      await repository.deleteUploads(rows.map((row) => row.id));
      await removeFilesOrReport(
        rows.flatMap((row) => [row.key, row.thumbnailKey]),
        'photo change failed',
      );
    },

    async getGallery(userId: string): Promise<UploadedImage[]> {
      return (await repository.findGallery(userId)).map(toImage);
    },

    /**
     * The gallery becomes `imageIds`, in order. Past `limit` (the plan's) it may only keep
     * images it already holds: a gallery longer than a lower plan allows is reordered or
     * shortened, never grown.
     */
    async setGallery(
      actor: Actor,
      imageIds: string[],
      limit: number = GALLERY_MAX_ITEMS,
    ): Promise<GalleryResponse> {
      if (imageIds.length > limit) {
        const current = new Set((await repository.findGallery(actor.userId)).map((row) => row.id));
        if (imageIds.some((id) => !current.has(id))) {
          throw new AppError(
            'CONFLICT',
            `Your plan's gallery holds at most ${limit} images: remove some before adding more.`,
            { imageIds: `At most ${limit} images.` },
          );
        }
      }
      const owned = await repository.findOwnedByIds(actor.userId, imageIds);
      const galleryIds = new Set(
        owned.filter((row) => row.kind === 'gallery').map((row) => row.id),
      );
      const foreign = imageIds.filter((id) => !galleryIds.has(id));
      if (foreign.length > 0) {
        throw new AppError('NOT_FOUND', 'Some of these images do not exist or are not yours.', {
          imageIds: foreign.join(', '),
        });
      }
      const removed = await repository.replaceGallery(actor.userId, imageIds);
      // The gallery is saved at this point; files the storage fails to delete are reported.
      await removeFilesOrReport(
        removed.flatMap((row) => [row.key, row.thumbnailKey]),
        'removed from a gallery',
      );
      return { gallery: await this.getGallery(actor.userId) };
    },

    async listOwnUploads(userId: string): Promise<UploadedImage[]> {
      return (await repository.findAllOwnedBy(userId)).map(toImage);
    },

    /**
     * For account deletion: every stored image of the user, files first and then rows, so a
     * storage failure (503) leaves the rows in place and a retry removes the rest.
     */
    async deleteAllOf(userId: string): Promise<void> {
      const rows = await repository.findAllOwnedBy(userId);
      await removeFiles(rows);
      await repository.deleteUploads(rows.map((row) => row.id));
    },

    async purgeUnclaimed(now = Date.now()): Promise<number> {
      const rows = await repository.findUnclaimedBefore(new Date(now - UNCLAIMED_TTL_MS));
      await removeFiles(rows);
      await repository.deleteUploads(rows.map((row) => row.id));
      return rows.length;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
