/**
 * Where each value of a JSON document starts and ends, so records inside one JSON file (a
 * review's findings, a QA gate's criteria) keep their own line for flags and invalid records
 * (issue 3: "invalid input kept with raw text, file, line"). JSON.parse gives no positions.
 */

/** Start and end offsets (end exclusive) and the 1-based start line of one value. */
export interface JsonSpan {
  start: number;
  end: number;
  line: number;
}

/** Physical lines a span covers (1 for a value on one line). */
export function spanLines(text: string, span: JsonSpan): number {
  let n = 1;
  for (let i = span.start; i < span.end; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * Spans of the values of a valid JSON text, keyed by path (`''` for the root, `findings/2`,
 * `criteria/0/state`), down to `maxDepth` levels. Returns an empty map when the text is not
 * valid JSON (callers parse with JSON.parse first). Never throws.
 */
export function jsonSpans(text: string, maxDepth = 2): Map<string, JsonSpan> {
  const spans = new Map<string, JsonSpan>();
  let i = 0;
  let line = 1;
  const ws = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 10) line++;
      else if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) break;
      i++;
    }
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string, depth: number): void => {
    ws();
    const start = i;
    const startLine = line;
    const ch = text[i];
    if (ch === '{' || ch === '[') {
      i++;
      ws();
      let index = 0;
      while (i < text.length && text[i] !== '}' && text[i] !== ']') {
        let key = String(index++);
        if (ch === '{') {
          key = string();
          ws();
          i++; // ':'
        }
        value(path === '' ? key : `${path}/${key}`, depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          ws();
        }
      }
      i++;
    } else if (ch === '"') string();
    else while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++;
    if (depth <= maxDepth) spans.set(path, { start, end: i, line: startLine });
  };
  try {
    JSON.parse(text);
    value('', 0);
  } catch {
    return new Map();
  }
  return spans;
}

/**
 * The 1-based line where the value at `path` (`['flags', 1, 'severity']`, a zod issue's path)
 * starts in a valid JSON text, or where its nearest enclosing value starts when the value is
 * absent (a missing field: the object that lacks it); 1 when the text is not valid JSON.
 * So an invalid record inside a multi-line JSON file is named at its own line, not the file's first.
 */
export function lineOfJsonPath(text: string, path: ReadonlyArray<PropertyKey>): number {
  const spans = jsonSpans(text, path.length);
  for (let n = path.length; n >= 0; n--) {
    const span = spans.get(path.slice(0, n).map(String).join('/'));
    if (span) return span.line;
  }
  return 1;
}
