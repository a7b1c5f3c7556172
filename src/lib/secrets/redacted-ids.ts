/**
 * Names that hold a secret and must stay apart once it is redacted (sec11). A row's id is the
 * record's own (`"id": "ghp_…"`): its anchor was `row-<id>`, which the redaction made
 * `row-[redacted: GitHub token]`, an HTML id and URL fragment with spaces and brackets, the same
 * for every row whose id was a token of that kind; and two such ids were one id once redacted,
 * so a `supersedes` or a flag naming one landed on the other. {@link separateRowNames} gives a
 * row whose id holds a secret an anchor by its line, as a row whose id has odd characters has
 * (`row-L2`: src/lib/trail/rows.ts `assignAnchors`), and numbers ids the markers alone would
 * make alike (`[redacted: GitHub token #2]`, {@link numberedName}).
 */
import type { ProjectModel } from '../model/types.ts';
import type { Redaction } from './redaction.ts';
import { slugify } from '../text/slug.ts';

/** What a redacted text holds where a value was (`[redacted: GitHub token]`). */
const MARKER_START = '[redacted: ';

/**
 * `redacted` (a name with its secrets replaced by markers) told apart as the `n`-th of the names
 * that read alike: ` #n` in its first marker (`config/[redacted: GitHub token #2].json`); itself
 * for `n` 1, or when it holds no marker.
 */
export function numberedName(redacted: string, n: number): string {
  if (n <= 1) return redacted;
  const at = redacted.indexOf(MARKER_START);
  const close = at < 0 ? -1 : redacted.indexOf(']', at);
  return close < 0 ? redacted : `${redacted.slice(0, close)} #${n}${redacted.slice(close)}`;
}

/**
 * `redacted` without the number {@link numberedName} put in its first marker, and that number
 * (1 when there is none).
 */
export function unnumberedName(redacted: string): { name: string; n: number } {
  const at = redacted.indexOf(MARKER_START);
  const close = at < 0 ? -1 : redacted.indexOf(']', at);
  if (close < 0) return { name: redacted, n: 1 };
  const hash = redacted.lastIndexOf(' #', close);
  if (hash <= at) return { name: redacted, n: 1 };
  const digits = redacted.slice(hash + 2, close);
  if (!/^[1-9][0-9]{0,5}$/.test(digits)) return { name: redacted, n: 1 };
  return { name: redacted.slice(0, hash) + redacted.slice(close), n: Number(digits) };
}

/**
 * Before `model` is redacted with `redaction` (in place): each row whose anchor holds a secret is
 * anchored `row-L<line>` (`-2`, `-3` … when taken), wherever the model names that anchor; and
 * each row id the markers alone would make like another's, from the second distinct id in trail
 * order, is replaced by its numbered redacted form ({@link numberedName}) wherever it appears.
 * Deterministic; other rows keep their anchors.
 */
export function separateRowNames(model: ProjectModel, redaction: Redaction): void {
  const moved = new Map<string, string>();
  const used = new Set<string>();
  const secret = model.rows.filter((r) => redaction.redact(r.anchor) !== r.anchor);
  if (secret.length > 0) {
    const moving = new Set(secret);
    for (const r of model.rows) if (!moving.has(r)) used.add(r.anchor);
    for (const r of secret) {
      const base = `row-L${r.line}`;
      let anchor = base;
      for (let n = 2; used.has(anchor); n++) anchor = `${base}-${n}`;
      used.add(anchor);
      moved.set(r.anchor, anchor);
    }
    renameAnchors(model, moved);
  }
  // Ids of rows, then of beads issues (a dependency names an issue by its id), in one numbering.
  const alike = new Map<string, string[]>();
  const shownId = new Map<string, string>();
  for (const id of [...model.rows.map((r) => r.id), ...(model.beads?.issues ?? []).map((i) => i.id)]) {
    const shown = redaction.redact(id);
    if (shown === id) continue;
    const ids = alike.get(shown) ?? [];
    if (!ids.includes(id)) ids.push(id);
    alike.set(shown, ids);
  }
  for (const [shown, ids] of alike) {
    for (const [i, id] of ids.entries()) {
      shownId.set(id, numberedName(shown, i + 1));
      if (i > 0) redaction.replace(id, numberedName(shown, i + 1));
    }
  }
  separateIssueKeys(model, redaction, shownId);
}

/**
 * Beads issues whose URL key holds a secret (the id, when URL-safe: `p/<project>/issue/ghp_…/`,
 * which the redaction made `[redacted: GitHub token]`, one folder for every such issue): the key
 * becomes the slug of the issue's id as shown (`redacted-github-token-2`; `-2`, `-3` … when taken,
 * as keys are compared lower-cased), the anchor `beads-<key>`. Other issues keep theirs.
 */
function separateIssueKeys(model: ProjectModel, redaction: Redaction, shownId: ReadonlyMap<string, string>): void {
  const issues = model.beads?.issues ?? [];
  const moving = issues.filter((i) => redaction.redact(i.key) !== i.key);
  if (moving.length === 0) return;
  const used = new Set(issues.filter((i) => !moving.includes(i)).map((i) => i.key.toLowerCase()));
  const moved = new Map<string, string>();
  for (const issue of moving) {
    const base = slugify(shownId.get(issue.id) ?? redaction.redact(issue.id));
    let key = base;
    for (let n = 2; used.has(key.toLowerCase()); n++) key = `${base}-${n}`;
    used.add(key.toLowerCase());
    issue.key = key;
    moved.set(issue.anchor, `beads-${slugify(key)}`);
  }
  renameAnchors(model, moved);
}

/** Every `anchor` of `model` that `moved` names, renamed (iterative; in place). */
function renameAnchors(model: ProjectModel, moved: ReadonlyMap<string, string>): void {
  const stack: unknown[] = [model];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const v of node) if (v !== null && typeof v === 'object') stack.push(v);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const [k, v] of Object.entries(record)) {
      if (k === 'anchor' && typeof v === 'string') {
        const to = moved.get(v);
        if (to !== undefined) record[k] = to;
      } else if (v !== null && typeof v === 'object') stack.push(v);
    }
  }
}
