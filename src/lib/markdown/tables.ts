/**
 * GFM pipe tables with file line numbers (spec/input.md section 5: "a scores table — first
 * column the criterion, one column per candidate label"; rubric "a table, one criterion
 * each"). Tables inside fenced code are skipped.
 */
import { headings } from './sections.ts';

/** One table: its header cells and body rows, each with its 1-based file line. */
export interface MarkdownTable {
  /** Line of the header row. */
  line: number;
  /** Line of the last body row (or of the delimiter row when there is no body). */
  endLine: number;
  header: string[];
  rows: Array<{ line: number; cells: string[] }>;
}

/**
 * Whether a line is a table's delimiter row (`|---|:--:|`, `--- | ---`): every cell between
 * pipes is dashes with optional colons. Checked cell by cell, in linear time.
 */
export function isDelimiterRow(line: string): boolean {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|')) text = text.slice(0, -1);
  return text.split('|').every((cell) => /^:?-+:?$/.test(cell.trim()));
}

/** Splits one table row into trimmed cells; `\|` is a literal pipe. */
export function tableCells(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let current = '';
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\' && text[i + 1] === '|') {
      current += '|';
      i++;
    } else if (ch === '`') {
      inCode = !inCode;
      current += ch;
    } else if (ch === '|' && !inCode) {
      cells.push(current.trim());
      current = '';
    } else current += ch;
  }
  cells.push(current.trim());
  return cells;
}

function fencedLines(lines: readonly string[]): Set<number> {
  const inside = new Set<number>();
  let fence: string | null = null;
  lines.forEach((line, i) => {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      inside.add(i);
      if (f && line.trim() === f[1] && (f[1] as string)[0] === fence[0]) fence = null;
    } else if (f) {
      fence = f[1] as string;
      inside.add(i);
    }
  });
  return inside;
}

/**
 * Every pipe table in `lines` (a header row with a `|`, then a delimiter row, then rows until
 * a blank line or a line without `|`). `firstLine` is the file line of `lines[0]`. Pure.
 */
export function findTables(lines: readonly string[], firstLine = 1): MarkdownTable[] {
  const fenced = fencedLines(lines);
  const isHeading = new Set(headings(lines).map((h) => h.index));
  const tables: MarkdownTable[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const head = lines[i] as string;
    if (fenced.has(i) || isHeading.has(i) || !head.includes('|') || !isDelimiterRow(lines[i + 1] as string) || !(lines[i + 1] as string).includes('-')) continue;
    const header = tableCells(head);
    const rows: MarkdownTable['rows'] = [];
    let j = i + 2;
    for (; j < lines.length; j++) {
      const l = lines[j] as string;
      if (l.trim() === '' || !l.includes('|') || fenced.has(j)) break;
      rows.push({ line: firstLine + j, cells: tableCells(l) });
    }
    tables.push({ line: firstLine + i, endLine: firstLine + j - 1, header, rows });
    i = j - 1;
  }
  return tables;
}

/** A cell's text without emphasis marks and code ticks (`**A**` → `A`). */
export function plainCell(cell: string): string {
  return cell.replace(/\*\*|__|`/g, '').replace(/^[*_](.*)[*_]$/, '$1').trim();
}
