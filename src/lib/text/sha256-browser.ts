/**
 * SHA-256 in a browser bundle (package.json `imports`, condition `browser`): the recap page
 * builds the single-file recap.html on demand (src/scripts/recap-download.ts) with the code
 * the build uses, and its file-page links need the digests Node computes (src/lib/site/urls.ts
 * `fileKey`). Synchronous, as node:crypto's is: @noble/hashes, not WebCrypto (async only).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Hex sha256 of a UTF-8 string or bytes; equal to sha256-node.ts's. */
export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));
}
