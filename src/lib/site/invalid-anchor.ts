/**
 * The anchor of an invalid record on its project's recap (issue 27, scope 4: every record
 * findable). It names the file as well as the line, so two invalid files of one project with a
 * bad record on the same line (`decisions.tsv:12` and `.beads/issues.jsonl:12`) get two
 * anchors, and each link (Attention's problem cards, search, Check first, the build report)
 * reaches its own record. Pure and context-free: the same file and line give the same anchor
 * on every page and in every build.
 */
import { sha256Hex } from '../text/hash.ts';

/** A root file name of lowercase letters, digits and `_` parts joined by `.`: read back from its anchor exactly. */
const PLAIN = /^[a-z0-9_]+(?:\.[a-z0-9_]+)*$/;

/**
 * `invalid-<file>-L<line>`: `decisions.tsv:12` → `invalid-decisions-tsv-L12`. Any other path
 * (a folder, a capital, a `-` or another character the readable part would drop or fold)
 * keeps a readable part and adds the first 8 hex of sha256(path), so distinct paths never
 * share an anchor: `.beads/issues.jsonl:3` → `invalid-beads-issues-jsonl-<8 hex>-L3`.
 * The result holds only `a-z`, `0-9`, `_`, `-` and `L`: a CSS id selector as it stands.
 *
 * @param file the record's file, relative to the project root, as {@link InvalidRecord} holds it
 * @param line its 1-based line
 */
export function invalidAnchor(file: string, line: number): string {
  if (PLAIN.test(file)) return `invalid-${file.replaceAll('.', '-')}-L${line}`;
  // Runs of other characters are one '-' already, so trimming one '-' at each end suffices
  // (and stays linear: tests/unit/regex-linearity.test.ts).
  const dashed = file.toLowerCase().replace(/[^a-z0-9_]+/g, '-');
  const readable = trimDash(trimDash(dashed).slice(0, 60));
  return `invalid-${readable === '' ? 'file' : readable}-${sha256Hex(file).slice(0, 8)}-L${line}`;
}

/** `text` without one leading and one trailing '-'. */
function trimDash(text: string): string {
  const from = text.startsWith('-') ? 1 : 0;
  const to = text.endsWith('-') && text.length > from ? text.length - 1 : text.length;
  return text.slice(from, to);
}
