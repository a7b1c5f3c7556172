/**
 * The header of a pstack TSV trail (spec/input.md section 2: header `ts phase decision why
 * evidence result`), read by name. Real trails name their columns differently
 * (`what why evidence result`, `timestamp decision reason evidence result`,
 * `timestamp unit decision rationale evidence result`), so each column is matched by its name
 * or a known synonym; a field the header lacks is blank in every row (reported once for the
 * file), and columns of other names are kept as the row's extra fields.
 */

/** The six fields of a pstack row, in the seed's header order. */
export const PSTACK_COLUMNS = ['ts', 'phase', 'decision', 'why', 'evidence', 'result'] as const;
export type PstackField = (typeof PSTACK_COLUMNS)[number];

/** Columns used when present (bbs row fields a TSV trail may carry). */
export const OPTIONAL_COLUMNS = ['id', 'ticket', 'actor', 'supersedes'] as const;
export type OptionalField = (typeof OPTIONAL_COLUMNS)[number];

export type TsvField = PstackField | OptionalField;

/** Column names read as each field (lower case; `_`, `-` and spaces fold to nothing). */
const SYNONYMS: Record<TsvField, readonly string[]> = {
  ts: ['ts', 'time', 'timestamp', 'date', 'datetime', 'when', 'at'],
  phase: ['phase', 'unit', 'stage', 'step'],
  decision: ['decision', 'what', 'choice', 'decided'],
  why: ['why', 'reason', 'rationale', 'because'],
  evidence: ['evidence', 'proof', 'pointer', 'pointers'],
  result: ['result', 'outcome', 'status'],
  id: ['id', 'rowid'],
  ticket: ['ticket', 'issue'],
  actor: ['actor', 'agent', 'who', 'author'],
  supersedes: ['supersedes', 'replaces'],
};

const FIELD_OF = new Map<string, TsvField>(Object.entries(SYNONYMS).flatMap(([field, names]) => names.map((n) => [n, field as TsvField])));

/** A column name folded for matching: `Time Stamp`, `time_stamp` → `timestamp`. */
const fold = (name: string): string => name.trim().toLowerCase().replace(/[\s_-]+/g, '');

/** A header cell: a short name, not data (no digit-led times, no long text). */
const NAME_CELL = /^[A-Za-z][A-Za-z0-9 _-]{0,39}$/;

/** A header read by name. */
export interface TsvHeader {
  /** The header's cells as written. */
  names: string[];
  /** Position of each field the header names (the first column of that name). */
  columns: Map<TsvField, number>;
  /** Pstack fields the header lacks: blank in every row. */
  missing: PstackField[];
  /** Columns that name no field: kept as the row's extra fields, by their name. */
  extra: Array<{ name: string; index: number }>;
  /**
   * How many columns, counted from the row's start and from its end, can be placed in a row
   * with too few or too many cells: those before the first free-text column (decision, why,
   * or any other column) and after the last one. A cell lost or split inside the free text
   * leaves them where they are.
   */
  leading: number;
  trailing: number;
}

/**
 * Reads a line as a TSV trail header, or returns null when it is not one: every cell is a
 * short name, and the names include `decision` and `evidence` (or synonyms) and at least
 * three of the six pstack fields.
 */
export function readTsvHeader(text: string): TsvHeader | null {
  const names = text.split('\t').map((c) => c.trim());
  if (names.length < 3 || !names.every((n) => NAME_CELL.test(n))) return null;
  const columns = new Map<TsvField, number>();
  const extra: TsvHeader['extra'] = [];
  names.forEach((name, index) => {
    const field = FIELD_OF.get(fold(name));
    if (field !== undefined && !columns.has(field)) columns.set(field, index);
    else extra.push({ name, index });
  });
  const known = PSTACK_COLUMNS.filter((c) => columns.has(c));
  if (!columns.has('decision') || !columns.has('evidence') || known.length < 3) return null;
  const placed = new Set<number>(['ts', 'phase', 'evidence', 'result', 'id', 'ticket', 'actor', 'supersedes'].flatMap((f) => (columns.has(f as TsvField) ? [columns.get(f as TsvField) as number] : [])));
  let leading = 0;
  while (leading < names.length && placed.has(leading)) leading++;
  let trailing = 0;
  while (trailing < names.length - leading && placed.has(names.length - 1 - trailing)) trailing++;
  return { names, columns, missing: PSTACK_COLUMNS.filter((c) => !columns.has(c)), extra, leading, trailing };
}

/** The header assumed for a file without one: the seed's six columns in order. */
export function defaultHeader(): TsvHeader {
  return { names: [...PSTACK_COLUMNS], columns: new Map(PSTACK_COLUMNS.map((c, i) => [c, i])), missing: [], extra: [], leading: 2, trailing: 2 };
}

/**
 * The cells of a row with too few or too many cells that can still be told apart: the
 * header's leading columns from the row's start, its trailing columns from the row's end
 * (see {@link TsvHeader.leading}). Returns each placed field's cell, or null when the row is
 * too short for any to be placed without overlap.
 */
export function placeCells(header: TsvHeader, cells: readonly string[]): Partial<Record<TsvField, string>> | null {
  if (cells.length < header.leading + header.trailing || header.leading + header.trailing === 0) return null;
  const out: Partial<Record<TsvField, string>> = {};
  for (const [field, index] of header.columns) {
    if (index < header.leading) out[field] = cells[index] as string;
    else if (index >= header.names.length - header.trailing) out[field] = cells[cells.length - (header.names.length - index)] as string;
  }
  return out;
}
