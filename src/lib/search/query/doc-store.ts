/**
 * The records' stored text a search shows (engine.ts): each doc-store file (format.ts,
 * `docs/<part>/<n>.bin`: anchor, page, title, body, evidence, meta per record) fetched and
 * parsed once per engine, and a hit's record read from it, or from the hot key's file that held
 * it (runtime.ts `firstRecord`).
 */
import { docFileOf, type SearchManifest, type StoredDoc } from '../index/format.ts';
import { json, type IndexRuntime, type Loader } from './runtime.ts';
import type { Hit } from './hit-list.ts';

/** Records found exactly whose files are read before the search ends, at most (a page of results; {@link DocStore.prefetchExact}). */
const PREFETCH_DOCS = 25;

/** The doc-store files of one engine's indexes, read once each. */
export class DocStore {
  private readonly files = new Map<string, Promise<StoredDoc[]>>();
  private readonly manifest: SearchManifest;
  private readonly indexes: readonly IndexRuntime[];
  private readonly load: Loader;

  constructor(manifest: SearchManifest, indexes: readonly IndexRuntime[], load: Loader) {
    this.manifest = manifest;
    this.indexes = indexes;
    this.load = load;
  }

  /** The doc-store record of a hit (from a hot key's file when it held it), or null when its part is not in the manifest. Rejects when the file cannot be read. */
  async stored(hit: Pick<Hit, 'index' | 'doc' | 'part' | 'local'>): Promise<StoredDoc | null> {
    const first = this.indexes[hit.index]?.firstRecord(hit.doc);
    if (first) return first;
    const part = this.manifest.parts[hit.part];
    if (!part) return null;
    const { file, at } = docFileOf(hit.local);
    return (await this.file(`docs/${part.key}/${file}.bin`))[at] ?? null;
  }

  /** A doc-store file's records (`path` under the index folder; fetched and parsed once). */
  file(path: string): Promise<StoredDoc[]> {
    let pending = this.files.get(path);
    if (!pending) {
      pending = this.load(path).then((b) => json<StoredDoc[]>(b));
      this.files.set(path, pending);
    }
    return pending;
  }

  /**
   * Starts reading what showing the records found exactly needs, when they are few (at most
   * {@link PREFETCH_DOCS}): their doc-store files, unless a hot key's file held the record.
   * `exactHits`: per query token, `[document, exact score, facet code word]` of index `which`.
   * Nothing is awaited; a failure shows when the file is read for real.
   */
  prefetchExact(ix: IndexRuntime, which: number, exactHits: ReadonlyArray<ReadonlyArray<readonly [number, number, number]>>): void {
    const docs = new Set<number>();
    for (const hits of exactHits) for (const [doc] of hits) docs.add(doc);
    if (docs.size === 0 || docs.size > PREFETCH_DOCS) return;
    const where = { part: -1, tier: 0, local: 0 };
    for (const doc of docs) {
      ix.locate(doc, where);
      const rank = where.part < 0 ? -1 : (ix.rank[where.part] as number);
      if (rank < 0) continue;
      this.stored({ index: which, doc, part: rank, local: where.local }).catch(() => undefined);
    }
  }
}
