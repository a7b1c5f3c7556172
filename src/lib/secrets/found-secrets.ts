/**
 * The secrets found in one project (issue 29, scope 2): in every text of its records, and in
 * the files and commits its evidence cites. Each distinct value is one {@link FoundSecret}
 * with the places it was seen (file and line; for cited evidence, the file or commit and the
 * row citing it). The values live only in memory, for the {@link Redaction} of the project:
 * what is stored and published is the kind and the places, never the value.
 */
import { findSecrets } from './detect.ts';
import type { SecretSettings } from '../config/secret-settings.ts';
import { Redaction, unescapedMarkup } from './redaction.ts';
import { keySays } from './own-rules.ts';

/** Where a secret was seen. `file` and `line` are a record file's place (line 0: the whole file). */
export interface SecretPlace {
  file: string;
  line: number;
  /** The row or record id the text belongs to, when it has one. */
  rowId?: string;
  /** For cited evidence: what holds it (`.env:2 at the landed head`, `commit 1a2b3c4 (config/app.yml:3)`). */
  evidence?: string;
  /** For cited evidence: whether the file is a secret by nature (its contents are not published at all). */
  secretFile?: boolean;
  /**
   * For a line of the record file's git history (a row since rewritten or deleted): the short
   * SHA of the commit that first held it; `line` is then the deleted line's place in the last
   * version that held it, or the rewritten line's place now (its text there differs).
   */
  committed?: string;
  /**
   * For a text Trailbook wrote about a pointer (its `reason`, which quotes what the pointer
   * cites: a commit's subject, a line; and the subject its `reasonKind` keeps): the row's line
   * does not hold the value, the evidence it cites does (found there too when it was read,
   * with that place).
   */
  quoted?: boolean;
}

/** One distinct secret value of a project, with its kind and places (in the order met). */
export interface FoundSecret {
  value: string;
  kind: string;
  rule: string;
  places: SecretPlace[];
}

/** Places listed per secret; the rest are counted. */
export const MAX_PLACES = 20;

/**
 * Fields whose strings are never scanned: what Trailbook computes itself (anchors, computed row
 * ids, SHAs, digests); they are still redacted. A field a record writes is scanned whatever its
 * name, a vocabulary word's included (rel12): an audit flag's `kind`, a verdict file's
 * `STATUS:`, a beads issue's or a babysit step's `status` and a finding's `file` are shown as
 * written, and were published as written when `kind`, `status`, `file` and the like were skipped.
 */
const NOT_SCANNED: ReadonlySet<string> = new Set(['anchor', 'computedId', 'oid', 'digest']);

/** Texts shorter than this hold no secret any rule finds. */
const MIN_TEXT = 8;

/**
 * Every string of `root` worth scanning, each with the place of the nearest object holding
 * `file` (and `line`) above it. A text met again adds its place; each distinct text is
 * returned once.
 */
export function textsOf(root: unknown, fallback: SecretPlace): { texts: string[]; places: SecretPlace[][] } {
  const index = new Map<string, number>();
  const texts: string[] = [];
  const places: SecretPlace[][] = [];
  const add = (text: string, place: SecretPlace): void => {
    if (text.length < MIN_TEXT) return;
    let i = index.get(text);
    if (i === undefined) {
      i = texts.length;
      index.set(text, i);
      texts.push(text);
      places.push([]);
    }
    const list = places[i] as SecretPlace[];
    if (list.length < MAX_PLACES && !list.some((p) => p.file === place.file && p.line === place.line)) list.push(place);
  };
  // Depth first, in document order (children pushed in reverse).
  const stack: Array<{ node: unknown; place: SecretPlace; key: string }> = [{ node: root, place: fallback, key: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { node, place, key } = stack.pop() as { node: unknown; place: SecretPlace; key: string };
    if (typeof node === 'string') {
      if (!NOT_SCANNED.has(key)) add(node, place);
      // Rendered markdown (`html`, `introHtml`, `bodyHtml`, …) is read as written too (its `&` is `&#x26;` there: sec15).
      const written = key === 'html' || key.endsWith('Html') ? unescapedMarkup(node) : null;
      if (written !== null) add(written, place);
      continue;
    }
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], place, key });
      continue;
    }
    const record = node as Record<string, unknown>;
    let here = place;
    // An object naming its file (and line) is a place; so is one whose `at` does (a beads issue).
    const at = record['at'];
    const holder = typeof record['file'] === 'string' ? record : at !== null && typeof at === 'object' && typeof (at as Record<string, unknown>)['file'] === 'string' ? (at as Record<string, unknown>) : null;
    if (holder) {
      const line = holder['line'];
      const id = record['id'];
      here = { file: holder['file'] as string, line: typeof line === 'number' ? line : 0, ...(typeof id === 'string' ? { rowId: id } : {}) };
    }
    // A line of the file's history (src/lib/trail/line-history.ts): its text as committed, at its line then.
    const committedIn = record['committedIn'];
    if (typeof record['earlier'] === 'string' && committedIn !== null && typeof committedIn === 'object' && typeof (committedIn as Record<string, unknown>)['oid'] === 'string') {
      const then = typeof record['earlierLine'] === 'number' ? record['earlierLine'] : record['line'];
      const rowId = record['rowId'];
      here = { file: place.file, line: typeof then === 'number' ? then : 0, committed: ((committedIn as Record<string, unknown>)['oid'] as string).slice(0, 7), ...(typeof rowId === 'string' ? { rowId } : {}) };
    }
    // An evidence pointer's reason quotes what it cites, not the record (src/lib/evidence/); so does
    // its reasonKind, which holds a cited commit's subject as the reason quotes it.
    const pointer = typeof record['raw'] === 'string' && typeof record['status'] === 'string';
    const keys = Object.keys(record);
    // A value its key's field left to the next (sec14): `"decision": "… password:", "why": "<value>"`, a TSV row whose text held a tab.
    for (let i = 0; i + 1 < keys.length; i++) {
      const a = record[keys[i] as string];
      const b = record[keys[i + 1] as string];
      if (typeof a === 'string' && typeof b === 'string' && b.length > 0 && !NOT_SCANNED.has(keys[i + 1] as string) && endsWithKey(a)) add(`${a} ${b}`, here);
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i] as string;
      stack.push({ node: record[k], place: pointer && (k === 'reason' || k === 'reasonKind') ? { ...here, quoted: true } : here, key: k });
      if (k.length >= MIN_TEXT) add(k, here);
    }
  }
  return { texts, places };
}

/** The longest end of a text read for a key left without its value (a key name and its separator). */
const MAX_KEY_TAIL = 80;

/**
 * Whether `text` ends with a key that names a secret and its `:` or `=`, the value left out
 * (`Logged in with password:`, `DB_PASSWORD=`): its next field may hold the value. Reads the last
 * {@link MAX_KEY_TAIL} characters at most.
 */
export function endsWithKey(text: string): boolean {
  let e = text.length;
  while (e > 0 && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9)) e--;
  const op = text.charCodeAt(e - 1);
  if (op !== 58 && op !== 61) return false;
  let s = e - 1;
  if (s > 0 && (text.charCodeAt(s - 1) === 34 || text.charCodeAt(s - 1) === 39)) s--;
  const keyEnd = s;
  while (s > 0 && keyEnd - s < MAX_KEY_TAIL && /[A-Za-z0-9_.-]/.test(text[s - 1] as string)) s--;
  return s < keyEnd && keySays(text.slice(s, keyEnd).replace(/^-+/, '')) !== null;
}

/** Collects found secrets by value, keeping the first kind and every place (bounded). */
export class SecretFinds {
  readonly #byValue = new Map<string, FoundSecret>();

  /** Adds the secrets `findSecrets` returned for `texts`, each seen at its text's places. */
  addHits(texts: readonly string[], hits: ReadonlyArray<ReadonlyArray<{ start: number; end: number; kind: string; rule: string }>>, places: ReadonlyArray<readonly SecretPlace[]>): void {
    for (const [i, list] of hits.entries()) {
      for (const h of list) {
        const value = (texts[i] as string).slice(h.start, h.end);
        this.add(value, h.kind, h.rule, places[i] ?? []);
      }
    }
  }

  /** Adds one value seen at `places`. */
  add(value: string, kind: string, rule: string, places: readonly SecretPlace[]): void {
    let found = this.#byValue.get(value);
    if (!found) this.#byValue.set(value, (found = { value, kind, rule, places: [] }));
    for (const p of places) if (found.places.length < MAX_PLACES && !found.places.some((q) => q.file === p.file && q.line === p.line && q.evidence === p.evidence)) found.places.push(p);
  }

  /** Every value found, in the order first found. */
  list(): FoundSecret[] {
    return [...this.#byValue.values()];
  }

  /** The redaction of every value found. */
  redaction(): Redaction {
    const r = new Redaction();
    for (const f of this.#byValue.values()) r.add(f.value, f.kind);
    return r;
  }
}

/**
 * Scans every string of `root` (a project's records) and adds what is found to `finds`.
 * `fallback` is the place of a text outside any object that names its file.
 */
export async function scanRecords(root: unknown, finds: SecretFinds, settings: SecretSettings, fallback: SecretPlace = { file: '', line: 0 }): Promise<void> {
  const { texts, places } = textsOf(root, fallback);
  finds.addHits(texts, await findSecrets(texts, settings), places);
}

/**
 * Finds the secrets in every string of `root` and replaces them there, in place (a previous
 * build's history, written before its texts were redacted, is read through this). Returns how
 * many distinct values were replaced.
 */
export async function redactFound(root: unknown, settings: SecretSettings): Promise<number> {
  if (!settings.redact) return 0;
  const finds = new SecretFinds();
  await scanRecords(root, finds, settings);
  const found = finds.list().length;
  if (found > 0) finds.redaction().redactDeep(root);
  return found;
}
