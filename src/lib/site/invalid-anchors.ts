/**
 * The anchors of invalid records on a recap page. A record is `invalid-L<line>` (its line in its
 * file) unless another file of the same project has an invalid record at the same line: then
 * both name their file too (`invalid-decisions-tsv-L2`), so no two records of a page share an
 * id and a link (Attention, search, the build report) reaches the record it names.
 */

/** Where an invalid record is: its file (relative to the project) and 1-based line (0: the whole file). */
export interface InvalidAt {
  file: string;
  line: number;
}

/** The anchor function for the invalid records `invalid` of one project (the list the recap shows). */
export function invalidAnchors(invalid: readonly InvalidAt[]): (r: InvalidAt) => string {
  const filesAt = new Map<number, Set<string>>();
  for (const r of invalid) {
    const files = filesAt.get(r.line) ?? new Set<string>();
    files.add(r.file);
    filesAt.set(r.line, files);
  }
  return (r) => ((filesAt.get(r.line)?.size ?? 0) > 1 ? `invalid-${r.file.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-L${r.line}` : `invalid-L${r.line}`);
}
