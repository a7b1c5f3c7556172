/**
 * What the build history remembers of one project at one build (issue 15, scope 3): counts,
 * its rows with the status of each evidence pointer, and its flags by stable identity. Small
 * on purpose (a 1,000-row project is about 20 KB): it is kept for every distinct state the
 * kept builds reference, and read for every project at every build.
 */
import type { EvidenceStatus, ProjectCounts, ProjectModel, Severity } from '../model/types.ts';
import { pointerTotal } from '../projections/counts.ts';
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
    /** Evidence pointers of every record by outcome (src/lib/projections/counts.ts). */
    pointers: ProjectCounts['pointers'];
    openBlockers: number;
  };
  /** Each row's anchor → its id and one letter per evidence pointer (`V`, `N`, `I`), in file order. */
  rows: Record<string, { id: string; evidence: string }>;
  /** Flags by stable identity ({@link flagIdentity}), in Attention's order. */
  flags: Record<string, StateFlag>;
}

const LETTER: Record<EvidenceStatus, string> = { VERIFIED: 'V', NOT_VERIFIED: 'N', INCONCLUSIVE: 'I' };
/** The status a letter of {@link ProjectState.rows} stands for. */
export const STATUS_OF_LETTER: Readonly<Record<string, EvidenceStatus>> = { V: 'VERIFIED', N: 'NOT_VERIFIED', I: 'INCONCLUSIVE' };

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The state of a project's model. Pure. */
export function projectState(model: Pick<ProjectModel, 'title' | 'counts' | 'rows' | 'flags'>): ProjectState {
  const rows: ProjectState['rows'] = {};
  for (const r of model.rows) rows[r.anchor] = { id: r.id, evidence: r.evidence.map((p) => LETTER[p.status]).join('') };
  const flags: ProjectState['flags'] = {};
  model.flags.forEach((f, i) => {
    let id = flagIdentity(f);
    // Two flags of one identity (the same fault twice on one row) stay two.
    for (let k = 2; id in flags; k++) id = `${flagIdentity(f)}-${k}`;
    flags[id] = { kind: f.kind, severity: f.severity, summary: cut(f.summary, 300), rows: f.rows, n: i + 1 };
  });
  const c = model.counts;
  return { title: model.title, counts: { rows: c.rows, flags: { ...c.flags }, pointers: { ...c.pointers }, openBlockers: c.openBlockers }, rows, flags };
}

/** The key of a state: a hash of its JSON (equal states, equal keys). */
export function stateKey(state: ProjectState): string {
  return `s${hash53(JSON.stringify(state))}`;
}

/** The share of evidence pointers verified (rows, QA criteria, finding locations), 0–1, or null when there are none. */
export function verifiedShare(counts: ProjectState['counts']): number | null {
  const all = pointerTotal(counts);
  return all === 0 ? null : counts.pointers.verified / all;
}
