/** The search page's reader of index files (src/scripts/index-file.ts): gzip data decompressed as it arrives, other bytes as they are. */
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { indexFileBytes } from '../../src/scripts/index-file.ts';

/** A response whose body arrives in chunks of `size` bytes. */
function chunked(bytes: Uint8Array, size: number): Response {
  let at = 0;
  return new Response(new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  }));
}

describe('index files on the search page', () => {
  const text = JSON.stringify([['cach', 130065, [[485, 0, 236098]]], ['écrire', 2, []]]);
  const plain = new TextEncoder().encode(text);
  const gzip = new Uint8Array(gzipSync(plain));

  it('decompresses gzip data, however the body is cut into chunks (one byte at a time too)', async () => {
    for (const size of [1, 2, 7, 1 << 16]) expect(new TextDecoder().decode(await indexFileBytes(chunked(gzip, size)))).toBe(text);
  });

  it('passes bytes a host already decompressed as they are, and an empty body as empty', async () => {
    for (const size of [1, 3, 1 << 16]) expect(await indexFileBytes(chunked(plain, size))).toEqual(plain);
    expect(await indexFileBytes(new Response(new Uint8Array(0)))).toEqual(new Uint8Array(0));
    expect(await indexFileBytes(new Response(Uint8Array.of(0x1f)))).toEqual(Uint8Array.of(0x1f));
  });
});
