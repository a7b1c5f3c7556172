/**
 * Which file of a `.beads/` folder is its issue export. beads 1.x keeps issues in Dolt and
 * writes `.beads/issues.jsonl` only when asked (`bd export`, or `export.auto`; beads #4062);
 * older folders name the export `beads.jsonl`, and a merge leaves `beads.base.jsonl` behind.
 * Viewers look them up in this order (beads_viewer: issues.jsonl, then beads.jsonl, then
 * beads.base.jsonl; ../shared/stack-notes.md, "Added 2026-12-01"), and so does Trailbook: the
 * first present is the export, the others are older copies of it, listed and not read. Pure.
 */

/** The export's names, in lookup order, directly inside `.beads/`. */
export const BEADS_EXPORT_NAMES = ['issues.jsonl', 'beads.jsonl', 'beads.base.jsonl'] as const;

/** The project-relative path of each candidate (`.beads/issues.jsonl`, ...). */
const CANDIDATES: readonly string[] = BEADS_EXPORT_NAMES.map((n) => `.beads/${n}`);

/** Whether a project-relative path is one of the export's names. */
export function isExportCandidate(rel: string): boolean {
  return CANDIDATES.includes(rel);
}

/**
 * The export among a project's beads files (project-relative, `/`-separated), or null when the
 * folder has none; files refused by the walk do not count.
 */
export function beadsExportOf(rels: Iterable<string>): string | null {
  const present = new Set(rels);
  return CANDIDATES.find((c) => present.has(c)) ?? null;
}

/** Why a candidate other than the export is not read. */
export function supersededReason(rel: string, exportRel: string): string {
  return `${exportRel} is this folder's export (looked up in the order ${BEADS_EXPORT_NAMES.join(', ')}); ${rel} is an older copy of it and is not read`;
}
