import { createHash } from 'node:crypto';

/** Hex sha256 of a UTF-8 string or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A short, stable digest (first 16 hex of sha256) for cache keys and ids. */
export function shortDigest(data: string | Uint8Array): string {
  return sha256Hex(data).slice(0, 16);
}
