/**
 * Problems: the flags of one project that share a kind and a cause, said once (issue 27,
 * scope 3). A trail that left out its `why` column raises one `trail/tsv-cell-count` flag per
 * row — 25 flags, one problem ("25 rows: expected 6 tab-separated cells, found 5"); Attention
 * shows one card per problem with its rows listed and folded, and the home orders projects by
 * their problems weighted by severity, not by their flags.
 *
 * A flag's cause is its summary without the place it names: a leading `file:line: `, a row
 * (`row 8635af1e “…” — `), an invalid record (`invalid record decisions.tsv:3 — `) or an issue
 * (`issue bd-12 “…”: `); causes that differ only in times, places, numbers, quoted titles or
 * bracketed remarks are one ({@link causeKey}). Evidence flags are one problem per kind: the
 * pointers differ, the weakness is one (a cell holding prose; commits cited that do not
 * exist), and each row is listed with its pointer. Pure.
 */
import type { Flag, Severity } from '../model/types.ts';

/** One problem: flags of one kind and cause, in the order they came (Attention's order). */
export interface Problem {
  kind: string;
  severity: Severity;
  layer: Flag['layer'];
  /** What the flags share, in words: the first flag's summary without its place. */
  cause: string;
  /** True when every flag's cause reads the same (else they differ in counts, times or places only). */
  alike: boolean;
  /** The flags, each with its 1-based number in the project's flag list (`#flag-<n>`). */
  flags: Array<{ flag: Flag; n: number }>;
  /** Places the problem is found in: rows and records (a summary flag counts as the flags it stands for). */
  places: number;
  /**
   * An evidence problem's cells of its kind at its places, when {@link problems} was given the
   * records (a row may hold two cells of prose: the Evidence figure counts cells, the card rows).
   */
  cells?: number;
}

/** A record whose evidence cells a flag may be about: a decision row or an invalid record. */
export interface EvidenceRecord {
  file: string;
  line: number;
  evidence?: ReadonlyArray<{ fault?: string | undefined }> | undefined;
}

/**
 * Evidence kinds whose pointer cites something that does not exist (a commit, a path, lines, a
 * rubric row): a project with such a problem comes above one with a formatting fault on the
 * home (issue 27, scope 3).
 */
export const CITES_MISSING_KINDS: ReadonlySet<string> = new Set([
  'evidence/commit-not-found',
  'evidence/path-not-found',
  'evidence/line-out-of-range',
  'evidence/rubric-criterion-missing',
  'evidence/not-a-commit',
]);

const PLACE = /^[^\s:]+:\d+: /u;
const ROW = /^row [0-9a-z][\w.-]*(?: \(line \d+\))? “[^”]*” — /u;
const INVALID = /^invalid record [^\s]+:\d+ — /u;
const ISSUE = /^issue [\w.-]+(?: “[^”]*”)?:? /u;

/**
 * The cause of a flag: its summary without the place it names (see the module comment);
 * evidence flags (`layer: evidence`) have one cause per kind, ''.
 */
export function problemCause(flag: Pick<Flag, 'summary' | 'layer' | 'kind'>): string {
  if (flag.layer === 'evidence' && flag.kind.startsWith('evidence/')) return '';
  return flag.summary.replace(PLACE, '').replace(ROW, '').replace(INVALID, '').replace(ISSUE, '');
}

/**
 * The key of a cause: its words without what tells one instance from another — times, places
 * (`file:line`), numbers, quoted titles and remarks in brackets — so `replaying its 1 event
 * gives open, but … (closed 2026-04-10T04:09:45Z)` and the same with `(closed …05:18:24Z)` are
 * one problem.
 */
export function causeKey(cause: string): string {
  return withoutQuotes(cause.replace(/\([^()]*\)/g, ''))
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => (PLACE_WORD.test(w) ? 'P' : w.replace(/\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?/g, 'T').replace(/\d+/g, '#')))
    .join(' ');
}

/** A word that is a place: `file:line` or `file:from-to`, a closing mark after it. */
const PLACE_WORD = /^[^:]+:\d+(?:-\d+)?[,.;:)]?$/u;

/** The text with each quoted title (`“…”`) emptied, scanned once. */
function withoutQuotes(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('“', at);
    const close = open < 0 ? -1 : text.indexOf('”', open + 1);
    if (close < 0) return out + text.slice(at);
    out += `${text.slice(at, open)}“”`;
    at = close + 1;
  }
}

/**
 * The problems of a project's flags, in the order of their first flag.
 *
 * @param flags - The project's flags in Attention's order (src/lib/projections/flags.ts).
 * @param records - The project's decision rows and invalid records: given, each evidence
 *   problem counts its `cells` (pointers whose fault is its kind at its flags' places, by file
 *   and line), as the recap's Evidence figure counts them (use11: "12 prose, no pointer"
 *   linked to a card of "10 rows").
 */
export function problems(flags: readonly Flag[], records: readonly EvidenceRecord[] = []): Problem[] {
  const byKey = new Map<string, Problem>();
  flags.forEach((flag, i) => {
    const cause = problemCause(flag);
    const key = `${flag.layer}\u0000${flag.kind}\u0000${flag.severity}\u0000${causeKey(cause)}`;
    let p = byKey.get(key);
    if (!p) {
      p = { kind: flag.kind, severity: flag.severity, layer: flag.layer, cause, alike: true, flags: [], places: 0 };
      byKey.set(key, p);
    } else if (cause !== p.cause) p.alike = false;
    p.flags.push({ flag, n: i + 1 });
    p.places += flag.omitted ?? 1;
  });
  const out = [...byKey.values()];
  if (records.length > 0) {
    const at = new Map(records.map((r) => [`${r.file}\u0000${r.line}`, r]));
    for (const p of out) {
      if (p.layer !== 'evidence') continue;
      let cells = 0;
      for (const { flag } of p.flags) for (const place of flag.at) cells += at.get(`${place.file}\u0000${place.line}`)?.evidence?.filter((e) => e.fault === p.kind).length ?? 0;
      if (cells > 0) p.cells = cells;
    }
  }
  return out;
}

/** Problems per severity, and how many cite things that do not exist ({@link CITES_MISSING_KINDS}). */
export interface ProblemCounts {
  high: number;
  medium: number;
  low: number;
  /** Problems whose evidence cites a commit, path, lines or rubric row that does not exist. */
  citesMissing: number;
}

/** How many problems a project's flags are ({@link problems}). */
export function problemCounts(flags: readonly Flag[]): ProblemCounts {
  const out: ProblemCounts = { high: 0, medium: 0, low: 0, citesMissing: 0 };
  for (const p of problems(flags)) {
    out[p.severity]++;
    if (CITES_MISSING_KINDS.has(p.kind)) out.citesMissing++;
  }
  return out;
}

/** Weights of a problem by severity in the home's order: a high problem weighs as three medium ones, a medium one as three low ones. */
export const PROBLEM_WEIGHT: Readonly<Record<Severity, number>> = { high: 9, medium: 3, low: 1 };

/** A project's problems weighted by severity (open blockers weigh as high problems). */
export function problemScore(p: Pick<ProblemCounts, 'high' | 'medium' | 'low'>, openBlockers = 0): number {
  return PROBLEM_WEIGHT.high * (p.high + openBlockers) + PROBLEM_WEIGHT.medium * p.medium + PROBLEM_WEIGHT.low * p.low;
}
