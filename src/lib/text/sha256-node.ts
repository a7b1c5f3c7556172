/**
 * SHA-256 on Node, through node:crypto. `#sha256` (package.json `imports`) resolves here
 * everywhere but in a browser bundle, which gets sha256-browser.ts: the same digests.
 */
import { createHash } from 'node:crypto';

/** Hex sha256 of a UTF-8 string or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
