import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { IncomingFile } from './uploads.service.js';

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
}

/**
 * One set of limits for POST /api/v1/uploads and the old client's POST /api/upload. Parts are
 * read one at a time and capped, so a 50 MB body is refused after 5 MB, not buffered.
 */
export async function registerUploadMultipart(
  app: FastifyInstance,
  { maxFileBytes, maxFiles }: MultipartLimits,
): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: maxFileBytes,
      files: maxFiles,
      fields: 5,
      fieldSize: 1024,
      parts: maxFiles + 5,
      headerPairs: 50,
    },
  });
}

/**
 * The `files` parts, in order, for UploadsService.storeImages. Other parts are drained, since an
 * unread part holds back the rest of the body.
 */
export async function readUploadedFiles(request: FastifyRequest): Promise<IncomingFile[]> {
  const files: IncomingFile[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      files.push({ name: part.filename, data: await part.toBuffer() });
    }
  } catch (error) {
    // The limits are Fastify errors with a status the error handler answers (413, 415...). The
    // parser's own errors ("Boundary not found", "Unexpected end of multipart data") have none:
    // they always mean a body the client broke (or left half sent), never a fault here.
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw new AppError(
      'MALFORMED_REQUEST',
      'The upload is malformed: its multipart body could not be read.',
    );
  }
  return files;
}
