/**
 * The archive-wide decisions.csv (issue 32): every project's decisions.csv in one file, each
 * record headed by a `project` column (the project id), in the order the projects are given
 * (the archive home's: newest first). The home's Download list makes it in the browser from the
 * projects' published `decisions.csv.gz`, so the archive stores no second copy. Pure; the
 * records are split as src/lib/export/csv.ts writes them (CRLF outside quotes; a `""` inside a
 * quoted field toggles twice), so a field holding a line break stays in its record.
 */
import { csvField } from './csv.ts';

/** The records of a CSV document after its header record, each with `prefix` put before it. */
function prefixedBody(csv: string, prefix: string): string {
  const headerEnd = csv.indexOf('\r\n');
  if (headerEnd === -1) return '';
  const body = csv.slice(headerEnd + 2);
  let out = '';
  let from = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\r' && body[i + 1] === '\n') {
      out += prefix + body.slice(from, i + 2);
      from = i + 2;
      i++;
    }
  }
  return from < body.length ? `${out}${prefix}${body.slice(from)}` : out;
}

/**
 * One CSV document of every project's decisions.csv: the first header with `project` before
 * it, then each project's records with its id before them. Throws when the headers differ (a
 * project built by another Trailbook), naming the project.
 */
export function archiveDecisionsCsv(parts: ReadonlyArray<{ project: string; csv: string }>): string {
  const header = parts[0]?.csv.slice(0, Math.max(0, parts[0].csv.indexOf('\r\n'))) ?? '';
  let out = `project,${header}\r\n`;
  for (const part of parts) {
    const own = part.csv.slice(0, Math.max(0, part.csv.indexOf('\r\n')));
    if (own !== header) throw new Error(`the decisions.csv of ${part.project} has other columns (${own}); build the archive again`);
    out += prefixedBody(part.csv, `${csvField(part.project)},`);
  }
  return out;
}
