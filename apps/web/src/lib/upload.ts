import type { UploadedImage } from '@maya/contracts';
import { ApiError } from './api-client';
import { loadContracts } from './contracts';

/**
 * Uploads images with XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves with the stored images or rejects with the server's problem.
 */
export function uploadImages(
  files: File[],
  kind: 'avatar' | 'gallery',
  onProgress: (fraction: number) => void,
): Promise<UploadedImage[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/uploads?kind=${kind}`);
    request.setRequestHeader('x-requested-with', 'fetch');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      const status = request.status;
      loadContracts()
        .then(({ isProblem, uploadResponseSchema }) => {
          if (status === 201) return resolve(uploadResponseSchema.parse(payload).files);
          reject(
            new ApiError(
              isProblem(payload)
                ? payload
                : {
                    type: 'about:blank',
                    title: 'Upload failed',
                    status,
                    code: 'UNAVAILABLE',
                    detail: 'An error occurred',
                  },
            ),
          );
        })
        .catch(reject);
    };
    request.onerror = () =>
      reject(
        new ApiError({
          type: 'about:blank',
          title: 'Network error',
          status: 0,
          code: 'UNAVAILABLE',
          detail: 'Network Error',
        }),
      );
    request.send(form);
  });
}

export const acceptedImageTypes = ['image/png', 'image/jpeg'];

/** Shortens a file name for display, keeping its extension: "holiday-photo.png" → "holid….png". */
export function shortName(name: string, keep: number): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  return stem.length > keep ? `${stem.slice(0, keep)}…${extension}` : name;
}
