/**
 * Adapter for a pstack trail: `decisions.tsv` or `.audit/<slug>.tsv` (spec/input.md
 * section 2). The header is read by name (src/lib/adapters/tsv-header.ts): `ts phase decision
 * why evidence result` or synonyms, any order, with `id`, `ticket`, `actor` and `supersedes`
 * used when present and other columns kept as extra fields. A field the header lacks is blank
 * in every row and reported once for the file. Cells may start with `'` (a
 * spreadsheet-formula guard), which is removed. Rows get the computed id.
 *
 * A row one or more trailing cells short of the header, where the cells it lacks are columns
 * the seed does not need (`resolves` added after five rows were written), was written under a
 * shorter header: it is read with those cells blank, and the file gets one low notice
 * (`trail/tsv-header-grew`) unless the trail's history shows the header each row was written
 * under (issue 26, scope 4).
 *
 * A row with too few or too many cells is an invalid record, but the cells the header can
 * still place (its evidence and result, when they follow the free text) are kept on it, so its
 * evidence is checked and shown. A file none of whose lines has the shape of a trail row is
 * reported once (`trail/not-a-trail`), its lines still counted and kept raw.
 */
import { pstackRowSchema } from '../schemas/decision-row.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { RAW_TEXT_LIMIT, type InvalidRecord } from '../model/types.ts';
import type { Confinement } from '../fs/confined.ts';
import { BoundedInvalid } from '../bounds/kind-bounds.ts';
import { dict } from '../text/dict.ts';
import { capRaw, nulMessage, readLines, tooLongMessage, type PhysicalLine } from '../text/lines.ts';
import { classifyResult } from '../results/classify-result.ts';
import { computeRowId, notATrail, parseTime, type ParsedRow, type TrailFileResult } from './parsed-row.ts';
import { defaultHeader, placeCells, PSTACK_COLUMNS, readTsvHeader, type PstackField, type TsvField, type TsvHeader } from './tsv-header.ts';
import { agree } from '../text/agree.ts';

export { PSTACK_COLUMNS } from './tsv-header.ts';

/** Fewest tab-separated cells a line needs to have the shape of a trail row. */
const ROW_SHAPE_CELLS = 4;

/** Removes the spreadsheet-formula guard: a leading `'` before the text. */
export function unguardCell(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}

/**
 * Column positions by field, from a header line; null when the line is not a header
 * (see {@link readTsvHeader}, which also gives the missing and extra columns).
 */
export function readHeader(text: string): Map<TsvField, number> | null {
  return readTsvHeader(text)?.columns ?? null;
}

/**
 * Whether a row of `cells` cells lacks only columns a header can grow by: every column from
 * `cells` on is one the seed's six do not need (an extra column such as `resolves`, or `id`,
 * `ticket`, `actor`, `supersedes`), so the row was written under a shorter header (issue 26,
 * scope 4). A row missing a seed column (`why`) is still a row with too few cells.
 */
export function grewPast(header: TsvHeader, cells: number): boolean {
  if (cells < ROW_SHAPE_CELLS) return false;
  for (const c of PSTACK_COLUMNS) {
    const at = header.columns.get(c);
    if (at !== undefined && at >= cells) return false;
  }
  return true;
}

/** `2–6, 9`: line numbers as ranges. */
export function lineRanges(lines: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j + 1 < lines.length && (lines[j + 1] as number) === (lines[j] as number) + 1) j++;
    parts.push(j === i ? `${lines[i]}` : `${lines[i]}–${lines[j]}`);
    i = j;
  }
  return parts.join(', ');
}

/** The one notice for a file whose header grew after some of its rows were written. */
function headerGrew(file: string, header: TsvHeader, short: ReadonlyArray<{ line: number; cells: number }>): TrailFileResult['warnings'][number] {
  const fewest = Math.min(...short.map((r) => r.cells));
  const blank = header.names.slice(fewest);
  const counts = [...new Set(short.map((r) => r.cells))].sort((a, b) => a - b).join(' or ');
  return {
    kind: 'trail/tsv-header-grew',
    line: (short[0] as { line: number }).line,
    message: `${file}: ${short.length} ${agree(short.length, 'row', 'rows')} (${agree(short.length, 'line', 'lines')} ${lineRanges(short.map((r) => r.line))}) ${agree(short.length, 'has', 'have')} ${counts} cells, the header ${header.names.length} (it ends ${header.names.slice(-blank.length - 1).join(' ')}): read with ${blank.join(', ')} blank, as written before the header grew`,
    rows: short.map((r) => ({ ...r })),
  };
}

/** The row schema of each header read: the fields it names (see {@link rowSchemaOf}). */
const rowSchemas = new WeakMap<TsvHeader, ReturnType<typeof pstackRowSchema.pick>>();

/**
 * The schema a row under header `h` is checked with: the pstack fields the header names. A
 * field the header lacks is blank by design (reported once for the file), not missing from the
 * row. Made once per header: zod compiles each schema object on its first parse, so a schema
 * picked for every row cost 6 s of a 74 s check of 200,000 rows (issue 30, real-shaped corpus).
 */
function rowSchemaOf(h: TsvHeader): ReturnType<typeof pstackRowSchema.pick> {
  let schema = rowSchemas.get(h);
  if (schema === undefined) {
    const present = PSTACK_COLUMNS.filter((c) => h.columns.has(c));
    schema = pstackRowSchema.pick(Object.fromEntries(present.map((c) => [c, true])) as Record<PstackField, true>);
    rowSchemas.set(h, schema);
  }
  return schema;
}

/**
 * Reads a pstack trail file. `file` is the display path relative to the project root; `within`,
 * the confinement the file is opened through (src/lib/fs/confined.ts).
 */
export async function readPstackTrail(absolutePath: string, file: string, bytes: number, within?: Confinement): Promise<TrailFileResult> {
  const out: TrailFileResult = {
    source: { path: file, format: 'pstack-trail', bytes, lines: 0, valid: 0, invalid: 0 },
    rows: [],
    telemetry: [],
    invalid: [],
    warnings: [],
  };
  let header: TsvHeader | null = null;
  let headerFound = false;
  let rowShaped = 0;
  let blank = 0;
  // At most MAX_PER_KIND invalid lines of one kind are kept, the rest counted (src/lib/bounds/).
  const bounded = new BoundedInvalid();
  /** Rows a trailing column or more short of a header that grew. */
  const short: Array<{ line: number; cells: number }> = [];
  const invalid = (line: PhysicalLine, kind: string, error: string, fields?: Record<string, string>): void => {
    const record: InvalidRecord = { file, line: line.number, kind, error, raw: capRaw(line.text, RAW_TEXT_LIMIT) };
    if (fields && Object.keys(fields).length > 0) record.fields = fields;
    bounded.push(record);
    out.source.invalid++;
  };
  const readRow = (line: PhysicalLine, h: TsvHeader): void => {
    if (line.text.trim() === '') {
      blank++;
      return invalid(line, 'trail/blank-line', 'blank line');
    }
    const cells = line.text.split('\t');
    if (cells.length >= ROW_SHAPE_CELLS) rowShaped++;
    // A row written before the header grew (`… result` then `… result resolves`): the columns it lacks are blank.
    if (cells.length < h.names.length && grewPast(h, cells.length)) {
      short.push({ line: line.number, cells: cells.length });
      while (cells.length < h.names.length) cells.push('');
    }
    if (cells.length !== h.names.length) {
      // The cells the header can still place are kept, so the row's evidence is checked and shown.
      const placed = placeCells(h, cells);
      const fields = placed ? Object.fromEntries(Object.entries(placed).map(([k, v]) => [k, unguardCell((v as string).trim())])) : undefined;
      return invalid(line, 'trail/tsv-cell-count', `expected ${h.names.length} tab-separated cells, found ${cells.length}${placed ? lostColumns(h, cells.length) : ''}`, fields);
    }
    const cell = (name: TsvField): string | undefined => {
      const i = h.columns.get(name);
      return i === undefined ? undefined : unguardCell((cells[i] as string).trim());
    };
    const candidate = Object.fromEntries(PSTACK_COLUMNS.map((c) => [c, cell(c) ?? '']));
    const parsed = rowSchemaOf(h).safeParse(candidate);
    if (!parsed.success) return invalid(line, 'trail/missing-field', describeIssues(parsed.error, candidate));
    const r = candidate as Record<PstackField, string>;
    const ticket = cell('ticket') ?? '';
    const computedId = computeRowId(r.ts, ticket, r.decision);
    const extra: Record<string, unknown> = dict();
    for (const column of h.extra) extra[column.name] = unguardCell((cells[column.index] as string).trim());
    const row: ParsedRow = {
      id: cell('id') || computedId,
      computedId,
      format: 'pstack-trail',
      file,
      line: line.number,
      index: out.rows.length,
      ts: r.ts,
      time: parseTime(r.ts),
      phase: r.phase,
      ticket,
      actor: cell('actor') ?? '',
      decision: r.decision,
      why: r.why,
      evidenceText: r.evidence,
      result: r.result,
      resultClass: classifyResult(r.result),
      bytes: line.bytes,
      extra,
    };
    const supersedes = cell('supersedes');
    if (supersedes) row.supersedes = supersedes;
    out.rows.push(row);
    out.source.valid++;
  };
  let utf16 = false;
  for await (const line of readLines(absolutePath, within)) {
    out.source.lines++;
    if (line.utf16) utf16 = true;
    if (line.tooLong) {
      // Its shape cannot be told: it is not held against the file.
      rowShaped++;
      invalid(line, 'source/line-too-long', tooLongMessage(line));
      continue;
    }
    if (line.nulAt !== undefined) {
      invalid(line, 'source/nul-byte', nulMessage(line));
      continue;
    }
    if (line.encodingError) {
      invalid(line, 'trail/invalid-utf8', `line ${line.number} is ${line.encodingError}`);
      continue;
    }
    if (header === null && line.text.trim() === '') {
      blank++;
      invalid(line, 'trail/blank-line', 'blank line');
      continue;
    }
    const asHeader = readTsvHeader(line.text);
    if (header !== null && asHeader !== null) {
      // A header repeated mid-file (two trails appended): a header, not a row.
      out.source.valid++;
      out.source.headers = (out.source.headers ?? 0) + 1;
      continue;
    }
    if (header === null) {
      if (asHeader) {
        header = asHeader;
        headerFound = true;
        out.source.valid++;
        out.source.headers = (out.source.headers ?? 0) + 1;
        if (header.missing.length > 0) {
          out.warnings.push({
            kind: 'trail/tsv-missing-column',
            line: line.number,
            message: `${file} has no ${header.missing.join(', ')} column (its header: ${header.names.join(' ')}); ${agree(header.missing.length, 'that field is', 'those fields are')} blank in every row`,
          });
        }
        continue;
      }
      header = defaultHeader();
      out.warnings.push({
        kind: 'trail/tsv-no-header',
        line: line.number,
        message: `${file} has no header line; columns were read as ${PSTACK_COLUMNS.join(', ')}`,
      });
    }
    readRow(line, header);
  }
  if (short.length > 0 && header !== null) out.warnings.push(headerGrew(file, header, short));
  out.invalid = bounded.list();
  if (!headerFound && rowShaped === 0 && out.source.lines > blank) notATrail(out, file, 'pstack trail', `no line has ${ROW_SHAPE_CELLS} or more tab-separated cells, and none is a header`, utf16);
  return out;
}

/**
 * Which columns a row with too few cells lacks, read in order (issue 27, scope 3): the header
 * places its leading and trailing columns; the cells between fill the free-text columns from
 * the first, so the last ones are the lost ones (`decision why` with one cell between: `why`).
 * Returns ` — read in order, the “why” column is missing`, or '' when the row has too many cells.
 */
function lostColumns(h: TsvHeader, found: number): string {
  const short = h.names.length - found;
  if (short <= 0) return '';
  const middle = h.names.slice(h.leading, h.names.length - h.trailing);
  const lost = middle.slice(middle.length - short).map((n) => `“${n}”`);
  if (lost.length === 0) return '';
  return ` — read in order, the ${lost.join(', ')} ${agree(lost.length, 'column is', 'columns are')} missing`;
}
