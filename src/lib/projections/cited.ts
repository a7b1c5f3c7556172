/**
 * The commits and files a project cites, each with the records citing it (`ProjectModel.cited`):
 * made from the rows' resolved evidence, the invalid records' and the review findings'. Pure
 * and free of Node, so that a reader of `recap.json` (`trailbook.recap/4`, which leaves `cited`
 * out when these give it back exactly: src/lib/export/recap-export.ts) makes it again, in the
 * browser too. Moved here from src/lib/project/analyse-project.ts and
 * src/lib/quality/read-quality.ts (issue 30, output size).
 */
import type { Citation, CitedCommit, CitedFile, InvalidRecord, ProjectModel, TrailRow } from '../model/types.ts';
import type { VerdictsModel } from '../model/verdicts.ts';
import { invalidAnchor } from '../site/invalid-anchor.ts';

/**
 * The commits and files a project's evidence cites, each with the records citing it: valid
 * rows, and invalid records whose evidence was told apart by the header (issue 27, scope 4:
 * every page a record links to exists, so a malformed row's cited file gets its page too; its
 * citation points at the invalid record, `#invalid-<file>-L<line>`).
 */
export function citedFrom(rows: ProjectModel['rows'], invalid: readonly InvalidRecord[] = []): ProjectModel['cited'] {
  const commits = new Map<string, CitedCommit>();
  const files = new Map<string, CitedFile>();
  // A citation that did not resolve is listed too, with its pointer and reason (an auditor sees it on the file's page).
  const cite = (list: Citation[], row: Pick<TrailRow, 'id' | 'anchor' | 'decision'>, unresolved?: string): void => {
    const listed = list.find((c) => c.anchor === row.anchor);
    if (!listed) list.push({ rowId: row.id, anchor: row.anchor, decision: row.decision.slice(0, 120), ...(unresolved !== undefined ? { unresolved } : {}) });
    else if (unresolved !== undefined && !(listed.unresolved ?? '').split('; ').includes(unresolved)) listed.unresolved = listed.unresolved === undefined ? unresolved : `${listed.unresolved}; ${unresolved}`;
  };
  const citing: Array<Pick<TrailRow, 'id' | 'anchor' | 'decision' | 'evidence'>> = [
    ...rows,
    ...invalid.flatMap((r) => (r.evidence && r.evidence.length > 0 ? [{ id: `${r.file}:${r.line}`, anchor: invalidAnchor(r.file, r.line), decision: r.fields?.['decision'] ?? `invalid record ${r.file}:${r.line}`, evidence: r.evidence }] : [])),
  ];
  for (const row of citing) {
    for (const p of row.evidence) {
      const t = p.target;
      // A file that is there but whose cited lines are not (`src/parser.ts:999`): the row is listed on its page, not resolved, with the reason.
      if (p.status === 'NOT_VERIFIED' && p.citedFile !== undefined) {
        const f = p.citedFile;
        const key = `${f.origin}:${f.path}:${f.at ?? ''}`;
        const entry = files.get(key) ?? { path: f.path, origin: f.origin, ...(f.at !== undefined ? { at: f.at } : {}), ranges: [], by: [] };
        cite(entry.by, row, `${p.raw}: ${p.reason}`);
        files.set(key, entry);
        continue;
      }
      // Only evidence that held (or could not be checked) has a link: never a NOT_VERIFIED pointer.
      if (!t || p.status === 'NOT_VERIFIED') continue;
      if (t.type === 'commit') {
        // A range cites each of its ends (`82c680b..58ed6b9`), each landed or not on its own.
        for (const end of p.ends ?? [{ oid: t.oid, ...(p.notLanded ? { notLanded: true as const } : {}) }]) {
          const entry: CitedCommit = commits.get(end.oid) ?? { oid: end.oid, by: [] };
          if (end.notLanded) entry.notLanded = true;
          cite(entry.by, row);
          commits.set(end.oid, entry);
        }
      } else if (t.type === 'file') {
        // A file at the commit that recorded the row is cited apart from the file at the landed head (issue 26, item 1).
        const key = `${t.origin}:${t.path}:${t.at ?? ''}`;
        const entry = files.get(key) ?? { path: t.path, origin: t.origin, ...(t.at !== undefined ? { at: t.at } : {}), ranges: [], by: [] };
        // Each range the pointer cites (`src/a.ts:12, 40` marks 12 and 40).
        const ranges = t.from === undefined ? [] : [{ from: t.from, to: t.to ?? t.from }, ...(t.more ?? [])];
        for (const r of ranges) if (!entry.ranges.some((e) => e.from === r.from && e.to === r.to)) entry.ranges.push(r);
        cite(entry.by, row);
        files.set(key, entry);
      }
    }
  }
  return {
    commits: [...commits.values()].sort((a, b) => (a.oid < b.oid ? -1 : 1)),
    files: [...files.values()]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.origin !== b.origin ? (a.origin < b.origin ? -1 : 1) : (a.at ?? '') < (b.at ?? '') ? -1 : 1))
      .map((f) => ({ ...f, ranges: f.ranges.sort((a, b) => a.from - b.from || a.to - b.to) })),
  };
}

/**
 * Adds the files that review findings cite to a project's cited files (each finding is a
 * citation: its anchor and summary), keeping the sort order of `cited`. Pure.
 */
export function withFindingCitations(cited: ProjectModel['cited'], verdicts: VerdictsModel | null): ProjectModel['cited'] {
  if (!verdicts) return cited;
  const files = new Map<string, CitedFile>(cited.files.map((f) => [`${f.origin}:${f.path}`, { ...f, ranges: [...f.ranges], by: [...f.by] }]));
  for (const review of verdicts.reviews) {
    for (const finding of review.findings) {
      const t = finding.location?.target;
      if (!t || t.type !== 'file' || finding.location?.status === 'NOT_VERIFIED') continue;
      const key = `${t.origin}:${t.path}`;
      const entry = files.get(key) ?? { path: t.path, origin: t.origin, ranges: [], by: [] };
      if (t.from !== undefined && !entry.ranges.some((r) => r.from === t.from && r.to === (t.to ?? t.from))) entry.ranges.push({ from: t.from, to: t.to ?? t.from });
      if (!entry.by.some((c) => c.anchor === finding.anchor)) entry.by.push({ rowId: finding.anchor, anchor: finding.anchor, decision: `Finding: ${finding.summary}`.slice(0, 120) });
      files.set(key, entry);
    }
  }
  return {
    commits: cited.commits,
    files: [...files.values()]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.origin < b.origin ? -1 : 1))
      .map((f) => ({ ...f, ranges: f.ranges.sort((a, b) => a.from - b.from || a.to - b.to) })),
  };
}
