// `#sha256` is node:crypto on Node and @noble/hashes in the browser bundle (package.json `imports`).
import { sha256Hex } from '#sha256';

export { sha256Hex };

/** A short, stable digest (first 16 hex of sha256) for cache keys and ids. */
export function shortDigest(data: string | Uint8Array): string {
  return sha256Hex(data).slice(0, 16);
}
