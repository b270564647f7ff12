import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  for await (const part of request.files()) {
    if (part.fieldname !== 'files') {
      part.file.resume();
      continue;
    }
    files.push({ name: part.filename, data: await part.toBuffer() });
  }
  return files;
}
