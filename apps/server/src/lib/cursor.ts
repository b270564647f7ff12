import { AppError } from './app-error.js';

/** Opaque page cursors: base64url JSON, so clients cannot depend on their inside. */
export function encodeCursor(parts: unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor<T>(cursor: string, parse: (parts: unknown) => T | undefined): T {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = undefined;
  }
  const value = parse(parts);
  if (value === undefined) {
    throw new AppError('VALIDATION_FAILED', 'The page cursor is invalid.', {
      cursor: 'Invalid cursor',
    });
  }
  return value;
}
