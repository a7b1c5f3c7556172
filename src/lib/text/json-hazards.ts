/**
 * What `JSON.parse` accepts silently but a record must not hold (docs/security.md, "Nothing is
 * lost"): a key written twice in one object (JSON.parse keeps the last value, so
 * `{"result":"failed","result":"verified"}` would read as verified) and nesting deeper than
 * {@link MAX_JSON_DEPTH} (which later overflows the stack of `JSON.stringify` and every other
 * recursive walk). One iterative scan of text that `JSON.parse` has already accepted.
 */

/** Deepest nesting of objects and arrays a record may have. */
export const MAX_JSON_DEPTH = 100;

/** A hazard found in a JSON text; `offset` is where it starts (a character index). */
export type JsonHazard =
  | { kind: 'duplicate-key'; key: string; path: string; offset: number }
  | { kind: 'too-deep'; depth: number; offset: number };

interface Frame {
  /** Keys seen so far, for an object; null for an array. */
  keys: Set<string> | null;
  /** The key (or array index) of the value being read inside this container. */
  at: string;
  index: number;
}

function pathOf(frames: readonly Frame[], last: string): string {
  let out = '';
  for (let f = 0; f < frames.length; f++) {
    const name = f === frames.length - 1 ? last : (frames[f] as Frame).at;
    out += (frames[f] as Frame).keys === null ? `[${name}]` : out === '' ? name : `.${name}`;
  }
  return out;
}

/**
 * The first duplicate key or over-deep nesting in `text`, or null. `text` must be valid JSON
 * (call after `JSON.parse` succeeded); on other text the answer is unspecified but the call
 * still returns. Never throws, never recurses.
 */
export function jsonHazard(text: string, maxDepth = MAX_JSON_DEPTH): JsonHazard | null {
  const frames: Frame[] = [];
  let expectKey = false;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: find its closing quote (one not preceded by an odd run of backslashes).
      let end = text.indexOf('"', i + 1);
      for (;;) {
        if (end === -1) return null;
        let b = end - 1;
        while (b > i && text.charCodeAt(b) === 0x5c) b--;
        if ((end - 1 - b) % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      const frame = frames[frames.length - 1];
      if (expectKey && frame?.keys) {
        const raw = text.slice(i + 1, end);
        let key = raw;
        if (raw.includes('\\')) {
          try {
            key = JSON.parse(text.slice(i, end + 1)) as string;
          } catch {
            key = raw;
          }
        }
        if (frame.keys.has(key)) return { kind: 'duplicate-key', key, path: pathOf(frames, key), offset: i };
        frame.keys.add(key);
        frame.at = key;
        expectKey = false;
      }
      i = end + 1;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      if (frames.length >= maxDepth) return { kind: 'too-deep', depth: frames.length + 1, offset: i };
      frames.push({ keys: c === 0x7b ? new Set() : null, at: '0', index: 0 });
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      frames.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      const frame = frames[frames.length - 1];
      if (frame) {
        expectKey = frame.keys !== null;
        if (frame.keys === null) frame.at = String(++frame.index);
      }
    }
    i++;
  }
  return null;
}

/** A hazard in plain words, naming the key or the depth. */
/**
 * True when `text` cannot be JSON at all: its first character after JSON whitespace cannot
 * open a value (RFC 8259 section 2). Lets a reader skip `JSON.parse` (whose throw costs
 * microseconds) for a line it would only count.
 */
export function cannotBeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return !(c === 0x7b || c === 0x5b || c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e);
  }
  return true;
}

export function describeHazard(hazard: JsonHazard): string {
  return hazard.kind === 'duplicate-key'
    ? `the key ${JSON.stringify(hazard.key)} appears twice${hazard.path.includes('.') || hazard.path.includes('[') ? ` (at ${hazard.path})` : ''}; JSON.parse would silently keep the last value, so the record is ambiguous and not read`
    : `nested ${hazard.depth}+ levels deep; records may nest at most ${MAX_JSON_DEPTH} levels`;
}
