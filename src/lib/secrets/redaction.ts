/**
 * Redacted, not dropped (issue 29, scope 3): every occurrence of a secret value is replaced by
 * a marker naming its kind (`[redacted: AWS secret access key]`), the rest of the text left as
 * written. A value found in one place is replaced wherever it appears in what the same
 * {@link Redaction} is applied to (a project's model and the evidence it cites).
 *
 * A value never holds a line break: a multi-line secret (a private key's body) is kept as its
 * lines, so a redacted text has as many lines as it had, and line numbers hold.
 */
import { slugify } from '../text/slug.ts';
import { decodedValue } from './json-escapes.ts';
import { percentDecodedValue, percentEncodedValue } from './url-escapes.ts';

/** The marker that stands for a secret of `kind`. */
export const redactedMarker = (kind: string): string => `[redacted: ${kind}]`;

/** Values shorter than this are not replaced (a shorter "secret" would mangle ordinary words). */
export const MIN_SECRET_LENGTH = 4;

/** Characters of a value a path must hold, `/` aside, to count as a piece of it ({@link Redaction.holdsPath}): no file name of a real tree is 16 characters of a key. */
export const MIN_PATH_PIECE = 16;

/** The shortest value whose lower-case form is replaced too (a shorter one could be a word). */
export const MIN_LOWER_CASE = 8;

/** The shortest start of a value replaced where a text was cut. */
export const MIN_CUT_PREFIX = 6;

/** The ways markup escapes a character, for values inside rendered markdown. */
const ESCAPES: Record<string, string[]> = {
  '&': ['&amp;', '&#x26;'],
  '<': ['&lt;', '&#x3C;'],
  '>': ['&gt;', '&#x3E;'],
  '"': ['&quot;', '&#x22;'],
  "'": ['&#39;', '&#x27;'],
};

/** Each escape of {@link ESCAPES}, with the character it stands for. */
const UNESCAPES: ReadonlyMap<string, string> = new Map(Object.entries(ESCAPES).flatMap(([ch, forms]) => forms.map((f): [string, string] => [f, ch])));

/**
 * Rendered markdown (a handover, a selection, a rubric, a design) with the escapes markup writes
 * ({@link ESCAPES}) read back as their characters, so a rule reads the text as it was written:
 * an Azure SAS URL's `&sig=` is `&#x26;sig=` in the HTML (sec15: its signature was published).
 * A value found there is replaced in the HTML in its escaped form ({@link escapedForms}).
 * Null when the text holds no escape.
 */
export function unescapedMarkup(html: string): string | null {
  if (!html.includes('&')) return null;
  const out = html.replace(/&(?:amp|lt|gt|quot|#39|#x2[67]|#x3[CE]|#x22);/g, (e) => UNESCAPES.get(e) ?? e);
  return out === html ? null : out;
}

/**
 * The value as HTML writes it (first or second form of each escape), as a JSON string holds it
 * (`p\"ss`, `a\\b`: an invalid record's raw line, sec10), and, for a value found as a raw text
 * writes it behind JSON escapes (`\u0061Bc…`, sec11: src/lib/secrets/json-escapes.ts), as it
 * reads decoded, when they differ; and as a URL component writes it (`%40` for `@`) and, for a
 * value found behind URL escapes (rel12), as it reads decoded.
 */
function escapedForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const decoded = decodedValue(value);
  // As a URL writes it and, for a value found behind URL escapes (url-escapes.ts, rel12), as it reads decoded.
  const url = [percentEncodedValue(value), percentDecodedValue(value)].filter((f): f is string => f !== null && f.length >= MIN_SECRET_LENGTH);
  const jsonForm = [...(json !== value ? [json] : []), ...(decoded !== null && decoded.length >= MIN_SECRET_LENGTH ? [decoded] : []), ...url];
  if (!/[&<>"']/.test(value)) return jsonForm;
  const forms: string[] = [...jsonForm];
  for (const form of [0, 1]) {
    let out = '';
    for (const ch of value) out += ESCAPES[ch]?.[form] ?? ch;
    forms.push(out);
  }
  return forms;
}

/** Whether `part` is all base64 characters (key material). */
const isBase64Run = (part: string): boolean => /^[A-Za-z0-9+/=]+$/.test(part);

/** Whether `word` is a line of key material: 16 base64 characters or more, one a digit, `+` or `/`. */
const isKeyLine = (word: string): boolean => word.length >= 16 && isBase64Run(word) && /[0-9+/]/.test(word);

/**
 * The values a found secret is replaced as: its lines (a PEM body without its BEGIN/END lines);
 * and the lines of a key a shell joined with spaces (`echo $(cat id_rsa)`, a TSV cell: sec11),
 * each of which a text may hold alone once split into words (an evidence item): the value
 * itself, and, when it is a private key block or two or more key lines apart by spaces, each
 * of its key lines.
 */
export function secretLines(value: string): string[] {
  if (!value.includes('\n')) {
    if (!value.includes(' ')) return [value];
    const words = value.split(/ +/);
    const block = value.startsWith('-----BEGIN') && value.includes('PRIVATE KEY');
    const lines = words.filter(isKeyLine);
    return (block && lines.length > 0) || (lines.length >= 2 && lines.length >= words.length - 1) ? [value, ...lines] : [value];
  }
  return value
    .split('\n')
    .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l).trim())
    .filter((l) => l.length >= 8 && !l.startsWith('-----BEGIN') && !l.startsWith('-----END'));
}

/**
 * The forms an anchor or id made from a record text holds a value in, besides its lower-case
 * one: slugified (`qa-…-https-hooks.slack.com-services-t…` from a webhook URL: lower-cased, each
 * run of characters but `a-z 0-9 . _ -` written `-`) and with each character but letters,
 * digits, `_` and `-` written `-`, case kept (`arena-candidate-…-eyJhbGci…-eyJzdWIi…`: a JWT's
 * full stops) (sec11). Only those of {@link MIN_LOWER_CASE} characters or more that differ.
 */
function anchorForms(line: string): string[] {
  const forms: string[] = [];
  const slug = slugify(line);
  const kept = line.replace(/[^A-Za-z0-9_-]/g, '-');
  for (const form of [slug, kept]) if (form !== line && form !== line.toLowerCase() && form.length >= MIN_LOWER_CASE && form !== 'project' && !forms.includes(form)) forms.push(form);
  return forms;
}

/** A set of secret values, each with the marker it is replaced by. */
export class Redaction {
  readonly #markers = new Map<string, string>();
  #ordered: string[] | null = null;
  /** Distinct values added, by kind: the slug marker of the second and later is numbered. */
  readonly #perKind = new Map<string, number>();
  readonly #slugOf = new Map<string, string>();

  /**
   * Adds a found value (each of its lines) with its kind. The first kind given for a value is
   * kept. Its forms in an anchor (lower-cased, slugified) are replaced by the marker as a slug,
   * numbered from the second distinct value of a kind (`redacted-github-token-2`, sec11: two QA
   * tickets `T-ghp_Q…` and `T-ghp_A…` were one anchor `qa-t-redacted-github-token`, so a link
   * to the second landed on the first).
   */
  add(value: string, kind: string): void {
    let slugMarker = this.#slugOf.get(value);
    if (slugMarker === undefined) {
      const n = (this.#perKind.get(kind) ?? 0) + 1;
      this.#perKind.set(kind, n);
      slugMarker = n > 1 ? `${slugify(redactedMarker(kind))}-${n}` : slugify(redactedMarker(kind));
      this.#slugOf.set(value, slugMarker);
    }
    for (const line of secretLines(value)) {
      if (line.length < MIN_SECRET_LENGTH) continue;
      const marker = redactedMarker(kind);
      for (const form of [line, ...escapedForms(line)]) {
        if (!this.#markers.has(form)) {
          this.#markers.set(form, marker);
          this.#ordered = null;
        }
      }
      // Its lower-case form, as an anchor or id made with slugify holds it (`qa-t-ghp_q7mz…` from a
      // ticket `T-ghp_Q7mZ…`: sec10), replaced by the marker as a slug (`redacted-github-token`),
      // so the anchor stays one.
      const lower = line.toLowerCase();
      if (lower !== line && lower.length >= MIN_LOWER_CASE && !this.#markers.has(lower)) {
        this.#markers.set(lower, slugMarker);
        this.#ordered = null;
      }
      for (const form of anchorForms(line)) {
        if (this.#markers.has(form)) continue;
        this.#markers.set(form, slugMarker);
        this.#ordered = null;
      }
    }
  }

  /**
   * Replaces `text` (a whole name holding a value: a row id, a cited file's path) by
   * `replacement` wherever it appears, before any value it holds: two names that the markers
   * alone would make alike are told apart (src/lib/secrets/redacted-ids.ts). A later call for
   * the same text wins.
   */
  replace(text: string, replacement: string): void {
    if (text.length < MIN_SECRET_LENGTH) return;
    this.#markers.set(text, replacement);
    this.#ordered = null;
  }

  /** Number of values (and their escaped forms) held. */
  get size(): number {
    return this.#markers.size;
  }

  /** Whether `text` holds any value. */
  holds(text: string): boolean {
    for (const v of this.#values()) if (text.includes(v)) return true;
    return false;
  }

  /**
   * Whether `path` (a path read from a record: consulted evidence, a folder) holds a value, or
   * is a piece of one as a path reads it: at least {@link MIN_PATH_PIECE} characters of a value
   * with its `/` runs and a trailing `/` dropped (sec15's cache seal: a private key's body line
   * ending in `/`, or holding `//`, was consulted as `…AFM` or `…1Y/Wfb…` and written into the
   * seal, since the line as written is the value and the path is not).
   */
  holdsPath(path: string): boolean {
    if (this.holds(path)) return true;
    const piece = path.replaceAll('/', '');
    if (piece.length < MIN_PATH_PIECE) return false;
    for (const v of this.#values()) if (v.length >= MIN_PATH_PIECE && v.replaceAll('/', '').includes(piece)) return true;
    return false;
  }

  #values(): string[] {
    // Longest first, so a value holding another is replaced whole; ties by text, so the order is fixed.
    this.#ordered ??= [...this.#markers.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
    return this.#ordered;
  }

  /** `text` with every value replaced by its marker, and a value's start where the text was cut ({@link MIN_CUT_PREFIX}). */
  redact(text: string): string {
    if (this.#markers.size === 0 || text.length < MIN_SECRET_LENGTH) return text;
    let out = text;
    for (const v of this.#values()) if (out.length >= v.length && out.includes(v)) out = out.replaceAll(v, this.#markers.get(v) as string);
    return this.#cutEnds(out);
  }

  /**
   * A text cut before it was redacted may end inside a value: a flag's quote of a row
   * (`“Ran it with PGPASSWORD=hunt…”`), a citation's first 120 characters. Where the text
   * ends, or a `…` stands, the start of a value of {@link MIN_CUT_PREFIX} or more characters
   * just before it is replaced too. Each place is compared with each value's starts (bounded
   * by the value's length).
   */
  #cutEnds(text: string): string {
    const ends: number[] = [];
    for (let i = text.indexOf('…'); i >= 0; i = text.indexOf('…', i + 1)) ends.push(i);
    ends.push(text.length);
    const cuts: Array<{ from: number; to: number; marker: string }> = [];
    for (const e of ends) {
      let best: { from: number; to: number; marker: string } | null = null;
      for (const v of this.#values()) {
        const marker = this.#markers.get(v) as string;
        // The longest start wins; of starts as long, a value's own marker wins over its anchor form's slug marker
        // (rel12: a JWT's anchor form starts alike, sorts first, and a flag's quote read `redacted-json-web-token…`).
        const mayTie = best !== null && !best.marker.startsWith('[') && marker.startsWith('[');
        for (let k = Math.min(v.length - 1, e); k >= MIN_CUT_PREFIX && (best === null || k > best.to - best.from || (mayTie && k === best.to - best.from)); k--) {
          if (text.startsWith(v.slice(0, k), e - k)) {
            best = { from: e - k, to: e, marker };
            break;
          }
        }
      }
      if (best && (cuts.length === 0 || (cuts[cuts.length - 1] as { to: number }).to <= best.from)) cuts.push(best);
    }
    let out = text;
    for (let i = cuts.length - 1; i >= 0; i--) {
      const c = cuts[i] as { from: number; to: number; marker: string };
      out = out.slice(0, c.from) + c.marker + out.slice(c.to);
    }
    return out;
  }

  /**
   * Replaces every value in every string of `root`, in place: object and array members, and
   * the keys of objects (a row's unknown fields are kept by their names). Iterative, so a
   * deep model cannot overflow the stack; an object met twice is visited once.
   */
  redactDeep(root: unknown): void {
    if (this.#markers.size === 0 || root === null || typeof root !== 'object') return;
    const seen = new Set<object>();
    const stack: object[] = [root];
    while (stack.length > 0) {
      const node = stack.pop() as object;
      if (seen.has(node)) continue;
      seen.add(node);
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) {
          const v: unknown = node[i];
          if (typeof v === 'string') node[i] = this.redact(v);
          else if (v !== null && typeof v === 'object') stack.push(v);
        }
        continue;
      }
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const v = record[key];
        if (typeof v === 'string') record[key] = this.redact(v);
        else if (v !== null && typeof v === 'object') stack.push(v);
        const renamed = this.redact(key);
        if (renamed !== key) {
          record[renamed] = record[key];
          delete record[key];
        }
      }
    }
  }
}
