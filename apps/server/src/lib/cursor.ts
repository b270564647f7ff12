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

/** The common keyset position: a timestamp and a UUID tiebreaker. */
export interface TimeIdCursor {
  at: Date;
  id: string;
}

export function encodeTimeIdCursor(at: Date, id: string): string {
  return encodeCursor([at.toISOString(), id]);
}

export function decodeTimeIdCursor(cursor: string): TimeIdCursor {
  return decodeCursor(cursor, (parts) => {
    if (!Array.isArray(parts) || parts.length !== 2) return undefined;
    const [at, id] = parts as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string') return undefined;
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    return { at: date, id };
  });
}
