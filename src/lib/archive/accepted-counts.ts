/**
 * Accepted flags per project, for the archive home (issue 32): a flag `trailbook.baseline.json`
 * accepts is no open fault, so the home counts it apart, beside the open ones. Only the projects
 * the baseline names are read from the model store (a baseline names few), each once.
 *
 * Computed once per build ({@link acceptedCounts}) and stored for the run that renders
 * ({@link writeArchiveAccepted}): the home, the projects pages, report.json, archive.json, the
 * report page, feed.xml, the build history and the build's summary all read that one result
 * ({@link readArchiveAccepted}). A merge of a sharded build, whose store holds no model, stores
 * the counts each shard's manifest carries (src/lib/shard/manifest.ts), so a merged archive
 * counts as a single build of the same inputs does (count16: it counted accepted flags as open).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Flag, ProjectCounts, Severity } from '../model/types.ts';
import { acceptedFlags, splitBySeverity, type Acceptance, type Baseline } from '../baseline/accepted-flags.ts';
import { problemCounts, type ProblemCounts } from '../projections/problems.ts';
import { readModel } from './model-store.ts';
import { archiveFlagsNote, problemsText } from '../site/words.ts';
import { writeAtomic } from '../fs/cache-files.ts';
import { buildContextOrNull } from '../config/build-context.ts';

/**
 * A project's accepted flags by severity, with what stays open: its open flags by severity and
 * the problems they are; `places`, the 1-based places in its Attention list (`#flag-<n>`) of the
 * flags accepted (what the build history remembers as accepted).
 */
export interface AcceptedOf extends Record<Severity, number> {
  open: { flags: Record<Severity, number>; problems: ProblemCounts };
  places: number[];
}

/** Accepted flags by severity, per project id; a project none of whose flags is accepted is absent. */
export type AcceptedCounts = Map<string, AcceptedOf>;

/** The accepted flags of `flags` (per {@link acceptedFlags}) and what stays open, or null when none is accepted. */
export function acceptedOf(flags: readonly Flag[], acceptance: readonly Acceptance[]): AcceptedOf | null {
  const { open, accepted } = splitBySeverity(flags, acceptance);
  if (accepted.high + accepted.medium + accepted.low === 0) return null;
  const isOpen = (i: number): boolean => acceptance[i] === null || acceptance[i] === undefined;
  const places = flags.flatMap((_, i) => (isOpen(i) ? [] : [i + 1]));
  return { ...accepted, open: { flags: open, problems: problemCounts(flags.filter((_, i) => isOpen(i))) }, places };
}

/**
 * A project as it stands once its accepted flags are set apart: its flag and problem counts are
 * the open ones (what the home's order, filters and the build's "Next:" line weigh). Each
 * evidence pointer that did not resolve is flagged, so when every flag is accepted so is each
 * of those: `pointers.failed` is then 0 (the pointer counts the home shows are left as they are).
 * Unchanged when `accepted` has no entry for it.
 */
export function withoutAccepted<P extends { id: string; counts: Pick<ProjectCounts, 'flags' | 'problems'> & { pointers?: ProjectCounts['pointers'] } }>(project: P, accepted: AcceptedCounts): P {
  const a = accepted.get(project.id);
  if (!a) return project;
  const open = a.open.flags.high + a.open.flags.medium + a.open.flags.low;
  const pointers = project.counts.pointers && open === 0 ? { pointers: { ...project.counts.pointers, failed: 0 } } : {};
  return { ...project, counts: { ...project.counts, flags: a.open.flags, problems: a.open.problems, ...pointers } };
}

/**
 * The problems the home shows on a project's line, beside its open flags: the open problems
 * and, when more, the open flags (`2 problems (5 flags)`), as the build's "Next:" line counts
 * them; '' when none is open. Accepted flags are said apart (`+ 3 accepted`), so they are in
 * neither count (count14: `3 problems (5 flags)` beside `0 high 1 medium 1 low + 3 accepted`,
 * where "Next:" said 2 problems).
 */
export function homeProblemsText(project: { id: string; counts: Pick<ProjectCounts, 'flags' | 'problems'> }, accepted: AcceptedCounts): string {
  const c = withoutAccepted(project, accepted).counts;
  return c.problems.high + c.problems.medium + c.problems.low > 0 ? problemsText(c) : '';
}

/**
 * The note of the home's Flags figure: the open problems (and open flags, when more) of every
 * project, in how many projects flags are open, and the reviewers' flags:
 * `13 problems (16 flags) in 4 projects; 0 flags from reviewers (layer 2)`. Accepted flags are
 * counted beside the open severity counts, not here.
 */
export function homeFlagsFigureNote(projects: ReadonlyArray<{ id: string; counts: Pick<ProjectCounts, 'flags' | 'problems' | 'flagLayers'> }>, accepted: AcceptedCounts): string {
  const flags: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  const problems: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  let withFlags = 0;
  let reviewers = 0;
  for (const p of projects) {
    const c = withoutAccepted(p, accepted).counts;
    for (const s of ['high', 'medium', 'low'] as const) {
      flags[s] += c.flags[s];
      problems[s] += c.problems[s];
      reviewers += p.counts.flagLayers?.layer2[s] ?? 0;
    }
    if (c.flags.high + c.flags.medium + c.flags.low > 0) withFlags++;
  }
  return `${problemsText({ flags, problems })} ${archiveFlagsNote(withFlags, reviewers)}`;
}

/**
 * The accepted flags of each project of `ids` that `baseline` names, by severity. Reads those
 * projects' models from `cacheDir`; throws (naming the file) when one is missing. Empty without
 * a baseline. Deterministic: the map is in the order of `ids`.
 */
export async function acceptedCounts(cacheDir: string, baseline: Baseline | null, ids: readonly string[]): Promise<AcceptedCounts> {
  const out: AcceptedCounts = new Map();
  if (baseline === null || baseline.entries.length === 0) return out;
  const named = new Set(baseline.entries.map((e) => e.project));
  for (const id of ids) {
    if (!named.has(id)) continue;
    const model = await readModel(cacheDir, id);
    const a = acceptedOf(model.flags, acceptedFlags(baseline, model, model.flags));
    if (a) out.set(id, a);
  }
  return out;
}

/** A project's accepted flags by severity; all 0 when none is accepted. */
export function acceptedSeverities(counts: AcceptedCounts, id: string): Record<Severity, number> {
  const a = counts.get(id);
  return a ? { high: a.high, medium: a.medium, low: a.low } : { high: 0, medium: 0, low: 0 };
}

/** The sum of `counts` by severity. */
export function acceptedTotal(counts: AcceptedCounts): Record<Severity, number> {
  const total: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  for (const c of counts.values()) for (const s of ['high', 'medium', 'low'] as const) total[s] += c[s];
  return total;
}

/** The archive's accepted flags: the baseline file as the user named it, and each project's accepted flags (none: absent). */
export interface ArchiveAccepted {
  file: string;
  counts: AcceptedCounts;
}

/** What {@link readArchiveAccepted} read, by cache folder and run. */
const stored = new Map<string, Promise<ArchiveAccepted | null>>();

/** The store file of the archive's accepted flags, for the run that renders. */
const storeFile = (cacheDir: string): string => join(cacheDir, 'accepted.json');

/**
 * Stores the archive's accepted flags (`accepted`; null without a baseline) for analysis run
 * `run`, in `cacheDir/accepted.json`, before the pages render. Deterministic JSON.
 */
export async function writeArchiveAccepted(cacheDir: string, run: string, accepted: ArchiveAccepted | null): Promise<void> {
  const projects = accepted ? Object.fromEntries(accepted.counts) : {};
  await writeAtomic(storeFile(cacheDir), JSON.stringify({ run, file: accepted?.file ?? null, projects }));
}

/**
 * The archive's accepted flags as the build (or merge) now rendering stored them
 * ({@link writeArchiveAccepted}); null without a baseline, or when the store is of another run
 * (a plain `astro build`: no baseline). Read once per cache folder and run.
 */
export function readArchiveAccepted(cacheDir: string, run: string | null = buildContextOrNull()?.run ?? null): Promise<ArchiveAccepted | null> {
  const key = `${cacheDir}\u0000${run ?? ''}`;
  let pending = stored.get(key);
  if (!pending) {
    pending = (async () => {
      if (run === null) return null;
      let json: { run?: unknown; file?: unknown; projects?: Record<string, AcceptedOf> };
      try {
        json = JSON.parse(await readFile(storeFile(cacheDir), 'utf8')) as typeof json;
      } catch {
        return null;
      }
      if (json.run !== run || typeof json.file !== 'string') return null;
      return { file: json.file, counts: new Map(Object.entries(json.projects ?? {})) };
    })();
    stored.set(key, pending);
  }
  return pending;
}
