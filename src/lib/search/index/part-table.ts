/**
 * An index's parts table (format.ts, `search-index/<index>/parts.bin`): per part, its key, its
 * document count per tier, its facets and the value sets its documents have. The search page
 * needs all of it for every query (a document's part, its facet values, the counts per filter
 * value over the whole archive), so it is one binary file read into flat typed arrays, not
 * JSON: at 11,000 parts the JSON form was 2.2 MB of small nested arrays, about 100 ms to parse
 * and 60 ms more to lay out, before the first search could start (issue 17).
 *
 * Parts share their facets' *set lists* (a facet and the value sets a part's documents have for
 * it, commonest first: `type: [[decision], [flag]]`): each distinct list is stored once, and a
 * part names its lists. Layout, all numbers unsigned LEB128 varints (varint.ts), gzipped like
 * every index file:
 *
 * ```
 * digest     byte length, then the table's digest (IndexInfo.table: 16 hex digits of the
 *            SHA-256 of what follows), so a copy fetched before the manifest is checked
 * keys       byte length, then the parts' keys as a UTF-8 JSON array
 * lists      count; per list: facet (an index into IndexInfo.facets), set count,
 *            per set: value count, the values (indexes into IndexInfo.values[facet])
 * parts      per part, in the keys' order: document count of each of the TIERS tiers,
 *            facet count, its lists (one per facet, in the part's facet order),
 *            combos: 0, or 1 + combo count, then per combo one code per facet
 * ```
 *
 * Document numbers are not stored: documents are numbered tier first, then part in table
 * order, then the part's own order (merge.ts), so each range's start is a running sum.
 */
import { TIERS, type IndexPart } from './format.ts';
import { ByteReader, ByteWriter } from './varint.ts';

/** The table's file name inside an index folder. */
export const PART_TABLE_FILE = 'parts.bin';

/**
 * The file's bytes (before gzip): the table `content` ({@link encodePartTable}) after its
 * `digest` (16 hex digits of its SHA-256; the writer hashes, so this module needs no Node API).
 */
export function partTableFile(content: Uint8Array, digest: string): Uint8Array {
  if (!/^[0-9a-f]{16}$/.test(digest)) throw new RangeError(`not a table digest: ${digest}`);
  const w = new ByteWriter();
  w.varint(digest.length);
  w.bytes(new TextEncoder().encode(digest));
  w.bytes(content);
  return w.result();
}

/**
 * The digest at the head of a parts table file, and the table's bytes after it. Throws a
 * RangeError when the file is too short to hold one.
 */
export function splitPartTableFile(file: Uint8Array): { digest: string; content: Uint8Array } {
  const r = new ByteReader(file);
  const digest = new TextDecoder().decode(r.bytes(r.varint()));
  return { digest, content: file.subarray(r.offset) };
}

/**
 * The table content of `parts` (before its digest and gzip). `parts` must be in the index's order and
 * their ranges contiguous as merge.ts numbers them; throws a RangeError when a range does not
 * start where the numbering puts it (a table the reader would get wrong).
 */
export function encodePartTable(parts: readonly IndexPart[]): Uint8Array {
  const w = new ByteWriter();
  let next = 0;
  const expected: number[][] = parts.map(() => []);
  for (let t = 0; t < TIERS; t++)
    parts.forEach((p, i) => {
      (expected[i] as number[])[t] = next;
      next += p.ranges[t]?.[1] ?? 0;
    });
  const keys = new TextEncoder().encode(JSON.stringify(parts.map((p) => p.key)));
  w.varint(keys.length);
  w.bytes(keys);
  // Set lists, numbered in order of first use.
  const listOf = new Map<string, number>();
  const lists: Array<[facet: number, sets: number[][]]> = [];
  const partLists = parts.map((p) =>
    p.facets.map((f, k) => {
      const sets = p.sets[k] ?? [];
      const id = `${f}:${JSON.stringify(sets)}`;
      let n = listOf.get(id);
      if (n === undefined) {
        n = lists.length;
        listOf.set(id, n);
        lists.push([f, sets]);
      }
      return n;
    }),
  );
  w.varint(lists.length);
  for (const [f, sets] of lists) {
    w.varint(f);
    w.varint(sets.length);
    for (const set of sets) {
      w.varint(set.length);
      for (const v of set) w.varint(v);
    }
  }
  parts.forEach((p, i) => {
    for (let t = 0; t < TIERS; t++) {
      const [start, count] = p.ranges[t] ?? [expected[i]?.[t] as number, 0];
      if (count > 0 && start !== expected[i]?.[t]) throw new RangeError(`part ${p.key}: tier ${t} starts at ${start}, not ${expected[i]?.[t]}`);
      w.varint(count);
    }
    w.varint(p.facets.length);
    for (const list of partLists[i] as number[]) w.varint(list);
    if (!p.combos) w.varint(0);
    else {
      w.varint(1 + p.combos.length);
      for (const combo of p.combos) for (let k = 0; k < p.facets.length; k++) w.varint(combo[k] ?? 0);
    }
  });
  return w.result();
}

/**
 * A decoded parts table, in flat typed arrays (a search meets thousands of parts; one small
 * array per part cost more than the search). A part's `k`-th facet is its *slot*
 * `facetStart[part] + k`, which names a set list; the lists' value sets are numbered flat
 * (at least one per list, an empty one for "no value"), shared by every part with that list;
 * a set's values are `values[valueStart[set]]` up to the next set's start.
 */
export class PartTable {
  /** Number of parts. */
  readonly size: number;
  readonly keys: string[];
  /** Per part and tier (`part * TIERS + tier`): the first document and the document count. */
  readonly start: Float64Array;
  readonly count: Uint32Array;
  /** Per part, its first slot (`size + 1` entries). */
  readonly facetStart: Int32Array;
  /**
   * Per slot: its first flat set (its list's first), its facet, and the mixed-radix multiplier
   * and radix (its list's set count) of its code (a document's set is
   * `slotBase + ⌊word / mult⌋ mod radix`, unless its part has combos: {@link setOf} covers both).
   */
  readonly slotBase: Int32Array;
  readonly slotFacet: Int32Array;
  readonly mult: Float64Array;
  readonly radix: Float64Array;
  /** Per flat set: its facet (an index into IndexInfo.facets). */
  readonly setFacet: Int32Array;
  /** Per flat set, its first value's place in `values` (one entry more than there are sets). */
  readonly valueStart: Int32Array;
  readonly values: Int32Array;
  /** Per flat set: 1 + its first value, or 0 (no value). */
  readonly firstValue: Int32Array;
  /** Per part and index facet (`part * facets + f`): the part's slot offset `k`, or -1. */
  private readonly slotAt: Int32Array;
  private readonly facets: number;
  /** Parts whose code words index a combo list (format.ts, IndexPart.combos): a flag per part, and the lists. */
  readonly hasCombos: Uint8Array;
  private readonly combos = new Map<number, Int32Array[]>();

  /**
   * Reads the table (gunzipped bytes) of an index with `facets` facets. Throws a RangeError
   * when the data ends early or names a facet or list that is not there.
   */
  constructor(bytes: Uint8Array, facets: number) {
    const r = new ByteReader(bytes);
    const keys = JSON.parse(new TextDecoder().decode(r.bytes(r.varint()))) as unknown;
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) throw new RangeError('the parts table does not start with its keys');
    const n = keys.length;
    this.size = n;
    this.keys = keys as string[];
    this.facets = facets;
    // Lists and their sets.
    const nLists = r.varint();
    // Per list (read here only): its facet and its first flat set (`lists + 1` entries).
    const listFacet = new Int32Array(nLists);
    const listStart = new Int32Array(nLists + 1);
    // The sets and values straight into typed arrays (a real-shaped archive's table holds about
    // 170,000 sets of 190,000 values: arrays of numbers grown a push at a time, then copied,
    // were most of the table's decoding). Every set but a list's "no value" one takes at least
    // one byte, every value one byte, so the bytes left bound both counts (plus a set per list).
    const room = bytes.length - r.offset + nLists + 1;
    const setFacet = new Int32Array(room);
    const valueStart = new Int32Array(room + 1);
    const values = new Int32Array(room);
    let sets = 0;
    let nValues = 0;
    for (let l = 0; l < nLists; l++) {
      const f = r.varint();
      if (f >= facets) throw new RangeError(`set list ${l}: facet ${f} of ${facets}`);
      listFacet[l] = f;
      listStart[l] = sets;
      const ns = r.varint();
      if (ns === 0) {
        setFacet[sets] = f;
        valueStart[sets++] = nValues;
        continue;
      }
      for (let s = 0; s < ns; s++) {
        setFacet[sets] = f;
        valueStart[sets++] = nValues;
        const nv = r.varint();
        if (nValues + nv > room) throw new RangeError(`set list ${l}: more values than the table has bytes`);
        for (let v = 0; v < nv; v++) values[nValues++] = r.varint();
      }
    }
    listStart[nLists] = sets;
    valueStart[sets] = nValues;
    this.setFacet = setFacet.slice(0, sets);
    this.valueStart = valueStart.slice(0, sets + 1);
    this.values = values.slice(0, nValues);
    this.firstValue = new Int32Array(sets);
    for (let s = 0; s < sets; s++) if ((this.valueStart[s + 1] as number) > (this.valueStart[s] as number)) this.firstValue[s] = (this.values[this.valueStart[s] as number] as number) + 1;
    // Parts.
    this.count = new Uint32Array(n * TIERS);
    this.start = new Float64Array(n * TIERS);
    this.facetStart = new Int32Array(n + 1);
    this.slotAt = new Int32Array(n * facets).fill(-1);
    this.hasCombos = new Uint8Array(n);
    // Each slot is one varint of at least a byte: the bytes left bound their count.
    const slotList = new Int32Array(bytes.length - r.offset);
    let slots = 0;
    for (let part = 0; part < n; part++) {
      for (let t = 0; t < TIERS; t++) this.count[part * TIERS + t] = r.varint();
      const nf = r.varint();
      this.facetStart[part] = slots;
      for (let k = 0; k < nf; k++) {
        const list = r.varint();
        if (list >= nLists) throw new RangeError(`part ${this.keys[part]}: set list ${list} of ${nLists}`);
        slotList[slots++] = list;
        this.slotAt[part * facets + (listFacet[list] as number)] = k;
      }
      const combos = r.varint();
      if (combos > 0) {
        const list: Int32Array[] = [];
        for (let c = 0; c < combos - 1; c++) {
          const combo = new Int32Array(nf);
          for (let k = 0; k < nf; k++) combo[k] = r.varint();
          list.push(combo);
        }
        this.combos.set(part, list);
        this.hasCombos[part] = 1;
      }
    }
    this.facetStart[n] = slots;
    this.mult = new Float64Array(slots);
    this.radix = new Float64Array(slots);
    this.slotBase = new Int32Array(slots);
    this.slotFacet = new Int32Array(slots);
    for (let part = 0; part < n; part++) {
      let mult = 1;
      for (let slot = this.facetStart[part] as number; slot < (this.facetStart[part + 1] as number); slot++) {
        const list = slotList[slot] as number;
        const radix = (listStart[list + 1] as number) - (listStart[list] as number);
        this.slotBase[slot] = listStart[list] as number;
        this.slotFacet[slot] = listFacet[list] as number;
        this.mult[slot] = mult;
        this.radix[slot] = radix;
        mult *= radix;
      }
    }
    // Ranges: tier first, then part in table order (merge.ts numbers documents so).
    let next = 0;
    for (let t = 0; t < TIERS; t++)
      for (let part = 0; part < n; part++) {
        this.start[part * TIERS + t] = next;
        next += this.count[part * TIERS + t] as number;
      }
  }

  /** The number of flat sets (of every list). */
  get sets(): number {
    return this.setFacet.length;
  }

  /** The part's facet count. */
  facetCount(part: number): number {
    return (this.facetStart[part + 1] as number) - (this.facetStart[part] as number);
  }

  /** Where index facet `f` sits among the part's facets (`k`), or -1 when the part lacks it. */
  slotOf(part: number, f: number): number {
    return f < 0 || f >= this.facets ? -1 : (this.slotAt[part * this.facets + f] as number);
  }

  /** The index facet of the part's `k`-th facet. */
  facetOf(part: number, k: number): number {
    return this.slotFacet[(this.facetStart[part] as number) + k] as number;
  }

  /** The flat sets `[from, to)` of the part's `k`-th facet. */
  setsOf(part: number, k: number): [from: number, to: number] {
    const slot = (this.facetStart[part] as number) + k;
    return [this.slotBase[slot] as number, (this.slotBase[slot] as number) + (this.radix[slot] as number)];
  }

  /** The flat set of the part's `k`-th facet that a document with code word `word` has, or -1. */
  setOf(part: number, k: number, word: number): number {
    return this.setAt(part, (this.facetStart[part] as number) + k, word);
  }

  /** {@link setOf} by slot (`facetStart[part] + k`): what the search's loops call once per record and facet. */
  setAt(part: number, slot: number, word: number): number {
    if (this.hasCombos[part] !== 1) return (this.slotBase[slot] as number) + (Math.floor(word / (this.mult[slot] as number)) % (this.radix[slot] as number));
    const code = this.combos.get(part)?.[word]?.[slot - (this.facetStart[part] as number)] ?? 0;
    return code < (this.radix[slot] as number) ? (this.slotBase[slot] as number) + code : -1;
  }

  /** A flat set's values (indexes into the facet's values). */
  setValues(set: number): Int32Array {
    return this.values.subarray(this.valueStart[set] as number, this.valueStart[set + 1] as number);
  }

  /** The part's documents in all tiers. */
  docs(part: number): number {
    let n = 0;
    for (let t = 0; t < TIERS; t++) n += this.count[part * TIERS + t] as number;
    return n;
  }
}
