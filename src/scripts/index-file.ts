/**
 * Reads one search-index file for the search page (src/scripts/search.ts): gzip data
 * (index/format.ts) is decompressed while it arrives, so decompressing overlaps the download;
 * bytes a host already decompressed (no gzip magic 1f 8b) pass as they are. Unlike
 * src/scripts/gunzip.ts (whole buffers, shared with the compare page), this lives in the
 * search page's own bundle: no extra script to fetch before the first search.
 */
export async function indexFileBytes(response: Response): Promise<Uint8Array> {
  const body = response.body;
  if (!body) return new Uint8Array(await response.arrayBuffer());
  const reader = body.getReader();
  // The first two bytes tell gzip data from plain bytes.
  const head: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < 2 && !done) {
    const next = await reader.read();
    if (next.done) done = true;
    else {
      head.push(next.value);
      length += next.value.length;
    }
  }
  const first = head[0];
  const second = first && first.length > 1 ? first[1] : head[1]?.[0];
  const gzip = first?.[0] === 0x1f && second === 0x8b;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  // (TypeScript's DOM types take only ArrayBuffer-backed chunks into a DecompressionStream; fetch's are.)
  const bytes = gzip ? stream.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>) : stream;
  return new Uint8Array(await new Response(bytes).arrayBuffer());
}
