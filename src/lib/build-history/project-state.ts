/**
 * What the build history remembers of one project at one build (issue 15, scope 3): counts,
 * its rows with the status of each evidence pointer, and its flags by stable identity. Small
 * on purpose (a 1,000-row project is about 12 KB: its rows are one text, a line each, parsed
 * only when the project changed): it is kept for every distinct state the kept builds
 * reference, and read for every project at every build.
 */
import type { EvidenceStatus, ProjectModel, Severity } from '../model/types.ts';
import { hash53, flagIdentity } from './flag-identity.ts';

/** One flag as the history remembers it. `n` is its 1-based place in Attention (`#flag-<n>`). */
export interface StateFlag {
  kind: string;
  severity: Severity;
  /** The summary, at most 300 characters. */
  summary: string;
  rows: string[];
  n: number;
}

/** A project at one build. */
export interface ProjectState {
  title: string;
  counts: {
    rows: number;
    flags: Record<Severity, number>;
    /** Evidence pointers of every record by status (src/lib/projections/counts.ts): `failed` is every NOT_VERIFIED pointer (the history file's shape, kept). */
    pointers: { verified: number; failed: number; notCheckable: number };
    openBlockers: number;
  };
  /**
   * The rows in file order, one line each: the row's id, a space, one letter per evidence
   * pointer (`V`erified, `N`ot verified, `I`nconclusive), and — when its anchor is not
   * `row-<id>` — a space and the anchor ({@link encodeRows}).
   */
  rows: string;
  /** Flags by stable identity ({@link flagIdentity}), in Attention's order. */
  flags: Record<string, StateFlag>;
  /**
   * The identities of the flags `trailbook.baseline.json` accepted at this build, in Attention's
   * order ({@link withAccepted}); absent when it accepted none, so a project's state (and its
   * key) without a baseline is what it was before acceptance was remembered (count16).
   */
  accepted?: string[];
}

const LETTER: Record<EvidenceStatus, string> = { VERIFIED: 'V', NOT_VERIFIED: 'N', INCONCLUSIVE: 'I' };
/** The status a letter of {@link ProjectState.rows} stands for. */
export const STATUS_OF_LETTER: Readonly<Record<string, EvidenceStatus>> = { V: 'VERIFIED', N: 'NOT_VERIFIED', I: 'INCONCLUSIVE' };

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A row as a state remembers it. */
export interface StateRow {
  anchor: string;
  id: string;
  /** One letter per evidence pointer. */
  evidence: string;
}

/** Rows as {@link ProjectState.rows} writes them. Ids and anchors hold no white space (an id that does is kept as its anchor alone). */
export function encodeRows(rows: readonly StateRow[]): string {
  return rows.map((r) => (/\s/.test(r.id) || r.id === '' ? `- ${r.evidence} ${r.anchor}` : r.anchor === `row-${r.id}` ? `${r.id} ${r.evidence}` : `${r.id} ${r.evidence} ${r.anchor}`)).join('\n');
}

/** Reads {@link ProjectState.rows} back; a line that does not parse is skipped. */
export function decodeRows(text: string): StateRow[] {
  const out: StateRow[] = [];
  if (text === '') return out;
  for (const line of text.split('\n')) {
    const m = /^(\S+) ([VNI]*)(?: (\S+))?$/.exec(line);
    if (!m) continue;
    const id = m[1] as string;
    const anchor = m[3] ?? `row-${id}`;
    out.push({ anchor, id: id === '-' && m[3] ? anchor : id, evidence: m[2] as string });
  }
  return out;
}

/**
 * `state` with the flags at `places` (1-based places in Attention, src/lib/archive/accepted-counts.ts
 * `AcceptedOf.places`) accepted: their identities in `accepted`, in Attention's order. `state`
 * itself when none is (its key unchanged). Pure.
 */
export function withAccepted(state: ProjectState, places: readonly number[] | undefined): ProjectState {
  const { accepted: _had, ...rest } = state;
  void _had;
  if (places === undefined || places.length === 0) return rest;
  const at = new Set(places);
  const accepted = Object.entries(state.flags).filter(([, f]) => at.has(f.n)).sort(([, a], [, b]) => a.n - b.n).map(([id]) => id);
  return accepted.length === 0 ? rest : { ...rest, accepted };
}

/** The state of a project's model. Pure. */
export function projectState(model: Pick<ProjectModel, 'title' | 'counts' | 'rows' | 'flags'>): ProjectState {
  const rows = encodeRows(model.rows.map((r) => ({ anchor: r.anchor, id: r.id, evidence: r.evidence.map((p) => LETTER[p.status]).join('') })));
  const flags: ProjectState['flags'] = {};
  model.flags.forEach((f, i) => {
    let id = flagIdentity(f);
    // Two flags of one identity (the same fault twice on one row) stay two.
    for (let k = 2; id in flags; k++) id = `${flagIdentity(f)}-${k}`;
    flags[id] = { kind: f.kind, severity: f.severity, summary: cut(f.summary, 300), rows: f.rows, n: i + 1 };
  });
  const c = model.counts;
  return { title: model.title, counts: { rows: c.rows, flags: { ...c.flags }, pointers: { verified: c.pointers.verified, failed: c.pointers.failed, notCheckable: c.pointers.notCheckable }, openBlockers: c.openBlockers }, rows, flags };
}

/** The key of a state: a hash of its JSON (equal states, equal keys). */
export function stateKey(state: ProjectState): string {
  return `s${hash53(JSON.stringify(state))}`;
}

/** The share of evidence pointers verified (rows, QA criteria, finding locations), 0–1, or null when there are none. */
export function verifiedShare(counts: ProjectState['counts']): number | null {
  const all = counts.pointers.verified + counts.pointers.failed + counts.pointers.notCheckable;
  return all === 0 ? null : counts.pointers.verified / all;
}
