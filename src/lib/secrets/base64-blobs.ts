/**
 * A secret inside base64 of a small text (sec14): a CI variable or a pasted command holding a
 * service account's JSON, a kubeconfig or a `{"username":…,"password":…}` blob base64-encoded
 * (`GOOGLE_CREDENTIALS_B64=eyJ0eXBlIjoic2Vydmlj…`, `echo YXBpVmVyc2lvbjogdjEK… | base64 -d`).
 * No rule reads base64, so it was published as written, and anyone can decode it.
 * {@link encodedTexts} finds base64 runs that decode to a JSON object or a YAML document
 * (`{"`, `{⏎`, `{ "`, `apiVersion:`, `---⏎`) and gives their decoded text, which the rules read too
 * (src/lib/secrets/detect.ts); when they find a secret there, the whole encoded run is the secret.
 * A JWT's parts (a run next to a `.`) are the JWT rules'. Each start is found with `indexOf`
 * and each run read once per start; at most {@link MAX_BLOBS} runs of at most
 * {@link MAX_ENCODED} characters are decoded per text.
 */

/** Base64 of what a decoded text starts with: a JSON object (`{"`, `{⏎`, `{ "`, `{⏎ "` and `{\r⏎`) or a YAML document (`apiVersion:`, `---⏎`). */
const STARTS = ['eyJ', 'ewo', 'eyAi', 'ew0K', 'YXBpVmVyc2lvbj', 'LS0tCm'];
/** The shortest run read (a JSON object holding a key and a secret is longer). */
const MIN_ENCODED = 24;
/** The longest run read (a service account's JSON is about 3 KiB encoded). */
const MAX_ENCODED = 64 * 1024;
/** The most runs decoded per text. */
const MAX_BLOBS = 16;

/** Base64's alphabet without its padding (`=` ends a run, as padding, or is an assignment's before one). */
const isBase64 = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47;

/** A base64 run of a text and its decoded text: the run is `[start, end)` of the text. */
export interface EncodedText {
  start: number;
  end: number;
  text: string;
}

/** `value` decoded as base64 into UTF-8 text, or null when it is not base64 or not text. */
function decodedText(value: string): string | null {
  const usable = value.length - (value.length % 4);
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(value.slice(0, usable)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Text: no control character but tab, line feed and carriage return.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) return null;
  }
  return text;
}

/**
 * The base64 runs of `text` that decode to a JSON object or a YAML document, with their
 * decoded text (in the order they start; none when there is none). A run stands alone (no
 * base64 character before or after it) and is no JWT's part (no `.` before or after it). Each
 * start is searched with `indexOf`, so a text holding none is read at native speed.
 */
export function encodedTexts(text: string): EncodedText[] {
  const out: EncodedText[] = [];
  for (const start of STARTS) {
    for (let i = text.indexOf(start); i >= 0 && out.length < MAX_BLOBS; ) {
      if (i > 0 && isBase64(text.charCodeAt(i - 1))) {
        i = text.indexOf(start, i + 1);
        continue;
      }
      let e = i;
      while (e < text.length && e - i <= MAX_ENCODED && isBase64(text.charCodeAt(e))) e++;
      // Its padding.
      for (let pad = 0; pad < 2 && e < text.length && text.charCodeAt(e) === 61; pad++) e++;
      const length = e - i;
      const nextToDot = (i > 0 && text.charCodeAt(i - 1) === 46) || (e < text.length && text.charCodeAt(e) === 46);
      if (length >= MIN_ENCODED && length <= MAX_ENCODED && !nextToDot) {
        const decoded = decodedText(text.slice(i, e));
        if (decoded !== null) out.push({ start: i, end: e, text: decoded });
      }
      // Past the run (a run longer than the bound whole).
      if (length > MAX_ENCODED) while (e < text.length && (isBase64(text.charCodeAt(e)) || text.charCodeAt(e) === 61)) e++;
      i = text.indexOf(start, Math.max(i + 1, e));
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
