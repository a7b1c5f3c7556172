/**
 * The design arena adapter (quality-and-design-controls.md, section 2; spec/input.md
 * section 5): reads a project's `design/rubric.md`, `design/candidates/<n>/design.md` and
 * `design/selection.md` into an {@link ArenaModel}, and joins the trail's design rows (the
 * pick's row, single-shape skips). Only turns bytes into the model; the rules are checks.
 */
import type { ArenaCandidate, ArenaModel, ArenaRubric, ArenaSelection } from '../model/arena.ts';
import type { InvalidRecord, SourceFile, TrailRow } from '../model/types.ts';
import { readTextFile, textHazards } from '../adapters/read-text-file.ts';
import type { Confinement } from '../fs/confined.ts';
import { parseRubric } from './rubric.ts';
import { parseCandidate } from './candidate.ts';
import { parseSelection } from './selection.ts';

/** An arena record file found by discovery. */
export interface ArenaFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the project root, `/`-separated. */
  rel: string;
  bytes: number;
}

/** What the arena adapter returns. */
export interface ArenaResult {
  /** Null when the project has no arena file and no skipped design row. */
  arena: ArenaModel | null;
  invalid: InvalidRecord[];
  sources: SourceFile[];
}

/** The role of an arena file from its relative path, or null when it is not one. */
export function arenaFileRole(rel: string): { role: 'rubric' | 'selection' } | { role: 'candidate'; folder: string } | null {
  if (/(?:^|\/)design\/rubric\.md$/.test(rel)) return { role: 'rubric' };
  if (/(?:^|\/)design\/selection\.md$/.test(rel)) return { role: 'selection' };
  const m = /(?:^|\/)design\/candidates\/([^/]+)\/design\.md$/.exec(rel);
  return m ? { role: 'candidate', folder: m[1] as string } : null;
}

/** Whether an evidence pointer of a row points at `selectionFile` (`design/selection.md`). */
function pointsAt(row: TrailRow, selectionFile: string): boolean {
  const name = selectionFile.split('/').slice(-2).join('/');
  return row.evidence.some((p) => (p.target?.type === 'file' && (p.target.path === selectionFile || p.target.path.endsWith(`/${name}`))) || p.raw.replace(/^\.\//, '').split(/[:#]/)[0] === selectionFile);
}

/** Rows of phase `design` (any case), in file order. */
const designRows = (rows: readonly TrailRow[]): TrailRow[] => rows.filter((r) => r.phase.trim().toLowerCase() === 'design');

/**
 * Reads the arena files of one project. Never throws: an unreadable file becomes a
 * `source/unreadable` invalid record; invalid front matter an `arena/invalid-front-matter` one.
 *
 * @param files - Arena files of the project (any order; read sorted by path).
 * @param rows - The project's trail rows, to find the pick's row and skipped design rows.
 */
export async function readArena(files: readonly ArenaFile[], rows: readonly TrailRow[], within?: Confinement): Promise<ArenaResult> {
  const invalid: InvalidRecord[] = [];
  const sources: SourceFile[] = [];
  let rubric: ArenaRubric | null = null;
  const candidates: ArenaCandidate[] = [];
  let selectionText: { text: string; file: string; source: SourceFile } | null = null;
  for (const f of [...files].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
    const role = arenaFileRole(f.rel);
    if (!role) continue;
    const read = await readTextFile(f.path, within);
    if ('error' in read) {
      invalid.push({ file: f.rel, line: 0, kind: 'source/unreadable', error: `${f.rel} ${read.error}`, raw: '' });
      sources.push({ path: f.rel, format: 'arena', bytes: f.bytes, lines: 0, valid: 0, invalid: 1 });
      continue;
    }
    const source: SourceFile = { path: f.rel, format: 'arena', bytes: f.bytes, lines: read.lines, valid: read.lines, invalid: 0 };
    sources.push(source);
    for (const r of textHazards(read, f.rel)) invalid.push(r);
    if (role.role === 'rubric') rubric = parseRubric(read.text, f.rel);
    else if (role.role === 'candidate') candidates.push(parseCandidate(read.text, f.rel, role.folder));
    else selectionText = { text: read.text, file: f.rel, source };
  }
  candidates.sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
  let selection: ArenaSelection | null = null;
  if (selectionText) {
    const parsed = parseSelection(selectionText.text, selectionText.file, candidates.map((c) => c.label));
    selection = parsed.selection;
    invalid.push(...parsed.invalid);
    const fm = selection.frontMatter;
    if (fm && !fm.valid) {
      const bad = fm.endLine - fm.line + 1;
      selectionText.source.invalid = bad;
      selectionText.source.valid = selectionText.source.lines - bad;
    }
  }
  const design = designRows(rows);
  const skipped = design.filter((r) => r.resultClass === 'skipped').map((r) => ({ rowId: r.id, anchor: r.anchor, decision: r.decision, why: r.why }));
  if (sources.length === 0 && skipped.length === 0) return { arena: null, invalid, sources };
  const pickRows = selection ? design.filter((r) => pointsAt(r, (selection as ArenaSelection).file)).map((r) => ({ id: r.id, anchor: r.anchor })) : [];
  return { arena: { rubric, candidates, selection, pickRows, skipped }, invalid, sources };
}
