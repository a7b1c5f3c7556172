/**
 * Search records for the evidence pages (issue 11 scope 2: "Commit and file pages are results
 * too"): every cited commit and every cited file of a repository is one record landing on its
 * page (`/r/<repo>/commit/<sha>/`, `/r/<repo>/file/<path>/`), found by its SHA (any prefix of
 * 4+ characters) or its path. A repository's pages are shared by the projects citing it, so
 * its records form a part of their own, built from those projects' citations; files cited
 * from a project's own folder (artifacts) are records of that project.
 */
import { createHash } from 'node:crypto';
import type { CitedCommit, CitedFile } from '../model/types.ts';
import { fileKey } from '../site/urls.ts';
import { hexKey, pathKey, type ExactKey } from './exact-keys.ts';
import type { SearchRecord } from './search-record.ts';
import { countOf } from '../site/words.ts';
import { citedLinesText } from './cited-lines.ts';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What one project cites of a repository. */
export interface RepositoryCitations {
  projectTitle: string;
  /** `subject`: the commit's first message line, when a citing row's reason quoted it (src/lib/archive/evidence-entries.ts `withCommitSubjects`). */
  commits: ReadonlyArray<CitedCommit & { subject?: string }>;
  files: readonly CitedFile[];
}

/** One record per cited file; `keys` for the file page, with quality 3. */
function fileRecord(path: string, citedRanges: Array<{ from: number; to: number }>, rows: number, where: string, at?: string): SearchRecord {
  const sorted = [...citedRanges].sort((a, b) => a.from - b.from || a.to - b.to);
  const key = pathKey(path, 3);
  return {
    anchor: '',
    page: `${at ? `at/${at}/` : ''}file/${fileKey(path, digest)}/`,
    title: path,
    body: `File ${where}, cited by ${countOf(rows, 'row')}${sorted.length > 0 ? ` at lines ${citedLinesText(sorted)}` : ''}.`,
    // Found by its path (the title, and its exact keys); the body's words are not the file's.
    indexedBody: '',
    facets: { type: ['file'] },
    exact: key ? [key] : [],
    severity: null,
    time: null,
  };
}

/**
 * The records of one repository's pages: its cited commits (sorted by SHA), then its cited
 * files (sorted by path), merged over every project citing them (in the order given).
 */
export function repositoryRecords(repositoryPath: string, projects: readonly RepositoryCitations[]): SearchRecord[] {
  const commits = new Map<string, { rows: number; projects: Set<string>; subject?: string }>();
  // A file at the landed head and the same file at a row's own commit are two pages (issue 26, item 1).
  const files = new Map<string, { path: string; at?: string; rows: number; ranges: Array<{ from: number; to: number }> }>();
  for (const p of projects) {
    for (const c of p.commits) {
      const entry = commits.get(c.oid) ?? { rows: 0, projects: new Set<string>() };
      entry.rows += c.by.length;
      entry.projects.add(p.projectTitle);
      // Redacted per project: the first project (in the order given) that quotes it gives it.
      if (entry.subject === undefined && c.subject) entry.subject = c.subject;
      commits.set(c.oid, entry);
    }
    for (const f of p.files) {
      if (f.origin !== 'repository') continue;
      const id = f.at === undefined ? f.path : `${f.path}\u0000${f.at}`;
      const entry = files.get(id) ?? { path: f.path, ...(f.at !== undefined ? { at: f.at } : {}), rows: 0, ranges: [] };
      entry.rows += f.by.length;
      for (const r of f.ranges) if (!entry.ranges.some((x) => x.from === r.from && x.to === r.to)) entry.ranges.push(r);
      files.set(id, entry);
    }
  }
  const out: SearchRecord[] = [];
  for (const oid of [...commits.keys()].sort()) {
    const c = commits.get(oid) as { rows: number; projects: Set<string>; subject?: string };
    const exact: ExactKey[] = [hexKey(oid, 3)];
    out.push({
      anchor: '',
      page: `commit/${oid}/`,
      title: `Commit ${oid.slice(0, 12)} in ${repositoryPath}`,
      // Its subject first: an auditor finds the commit, and the rows resting on it, by what it did.
      body: `${c.subject ? `“${c.subject}”. ` : ''}Cited by ${countOf(c.rows, 'row')} of ${[...c.projects].sort().join(', ')}.`,
      // Found by its SHA (exact keys) and its subject's words; "Cited by 3 rows of …" is not searched.
      indexedBody: c.subject ?? '',
      facets: { type: ['commit'] },
      exact,
      severity: null,
      time: null,
    });
  }
  for (const id of [...files.keys()].sort()) {
    const f = files.get(id) as { path: string; at?: string; rows: number; ranges: Array<{ from: number; to: number }> };
    out.push(fileRecord(f.path, f.ranges, f.rows, f.at === undefined ? `in ${repositoryPath}` : `in ${repositoryPath} at commit ${f.at.slice(0, 12)}, as the citing rows saw it`, f.at));
  }
  return out;
}

/**
 * The records of a project's own cited files (artifacts in its folder), sorted by path.
 *
 * @param projectRoot - The project's folder, which each record says the file is in.
 * @param projectValue - The project's `project` filter value (src/lib/search/search-project.ts;
 *   the folder unless the project is a per-slug trail).
 */
export function artifactRecords(files: readonly CitedFile[], projectRoot: string, projectValue: string = projectRoot): SearchRecord[] {
  return files
    .filter((f) => f.origin === 'artifact')
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => ({ ...fileRecord(f.path, [...f.ranges], f.by.length, `in ${projectRoot}`), facets: { type: ['file'], project: [projectValue] } }));
}
