/**
 * Where in the recap each quality record is, by `file:line`, so Attention can link a flag's
 * locations to the arena, verdict, finding or loop it is about (decision trail, Part 3:
 * "links to its rows and evidence").
 */
import type { ArenaModel } from '../model/arena.ts';
import type { VerdictsModel } from '../model/verdicts.ts';

/** `file:line` → recap anchor for every located quality record of a project. Pure. */
export function qualityAnchors(arena: ArenaModel | null | undefined, verdicts: VerdictsModel | null | undefined): Map<string, string> {
  const map = new Map<string, string>();
  const put = (file: string, line: number, anchor: string): void => {
    const key = `${file}:${line}`;
    if (line > 0 && !map.has(key)) map.set(key, anchor);
  };
  if (arena) {
    for (const c of arena.rubric?.criteria ?? []) put(arena.rubric?.file ?? '', c.line, c.anchor);
    for (const c of arena.candidates) {
      put(c.file, c.shapeLine ?? 1, c.anchor);
      put(c.file, 1, c.anchor);
    }
    if (arena.rubric) put(arena.rubric.file, 1, 'arena-rubric');
    const s = arena.selection;
    if (s) {
      for (const g of s.grafts) put(s.file, g.line, g.anchor);
      for (const row of s.matrix?.rows ?? []) put(s.file, row.line, 'arena-matrix');
      if (s.matrix) put(s.file, s.matrix.line, 'arena-matrix');
      put(s.file, s.pickLine, 'arena-pick');
      for (const sec of s.sections) put(s.file, sec.line, sec.anchor);
      put(s.file, 1, 'arena-selection');
    }
  }
  if (verdicts) {
    for (const v of verdicts.qa) {
      put(v.file, v.line, v.anchor);
      for (const c of v.criteria) put(c.file, c.line, c.anchor);
    }
    for (const s of verdicts.skills) put(s.file, s.line, s.anchor);
    for (const r of verdicts.reviews) {
      for (const f of r.findings) put(f.file, f.line, f.anchor);
      for (const c of r.cleared) put(c.file, c.line, c.anchor);
      put(r.file, 1, r.anchor);
    }
    for (const loop of verdicts.loops) for (const row of loop.rows) put(row.file, row.line, row.anchor);
  }
  return map;
}
