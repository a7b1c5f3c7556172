/**
 * One build's turn in the build history (issue 15, scopes 3–5): every project's state is
 * appended to the previous history, and the views the pages show — each recap's "since the
 * last build" and trend, the home's — are written to the cache. Called by `trailbook build`
 * after analysis, before rendering. Work is one small state read per project; a project's
 * model is read only when its new rows or changed evidence are to be listed.
 */
import type { ProjectSummary } from './summary.ts';
import { readModel } from './model-store.ts';
import { latestDate } from '../site/dates-only.ts';
import { appendBuild, type BuildHistory } from '../build-history/build-history.ts';
import { hash53 } from '../build-history/flag-identity.ts';
import { projectState, stateKey, withAccepted, type ProjectState } from '../build-history/project-state.ts';
import type { AcceptedCounts } from './accepted-counts.ts';
import { noChanges, sinceLastBuild } from '../build-history/since-last-build.ts';
import { archiveTrend, projectTrend } from '../build-history/trends.ts';
import { projectSince, type ArchiveHistoryView, type ArchiveSinceProject, type ProjectHistoryView } from '../build-history/history-views.ts';
import { readProjectState, writeProjectState, writeViews } from '../build-history/history-store.ts';

/** Options of {@link recordBuild}. */
export interface RecordBuildOptions {
  cacheDir: string;
  /** The archive's projects, in archive order. */
  projects: readonly ProjectSummary[];
  /** The history so far, or null to start one. */
  previous: BuildHistory | null;
  /**
   * False when the previous states' rows and flags were not read (`history.json` without its
   * states file, issue 30): a project whose state changed is counted in the home's view
   * (`notCompared`) but what changed in it is not listed, and its recap says nothing of it.
   */
  previousDetail?: boolean;
  /** Builds to keep. */
  limit: number;
  /** The build time from `SOURCE_DATE_EPOCH`, when set. */
  at?: string;
  /** The analysis run rendering next (pages take views only from it). */
  run: string;
  /**
   * False when no recap is rendered from these views (the merge of a sharded build: recaps
   * come from their shards): only the home's view is written, and no model is read.
   */
  projectViews?: boolean;
  /**
   * Each project's flags the baseline accepts (src/lib/archive/accepted-counts.ts): their
   * identities are part of its state, so a build whose baseline accepts other flags says which
   * are newly accepted, or no longer (count16). Absent: none is accepted.
   */
  accepted?: AcceptedCounts;
  /**
   * False when the previous states do not say which flags were accepted (a history written
   * before count16): acceptance is not compared, so accepted flags are not all "newly accepted".
   */
  previousAcceptance?: boolean;
}

/** The history after this build, and the home's view of it. */
export interface RecordedBuild {
  history: BuildHistory;
  archive: ArchiveHistoryView;
}

/** A project's state: stored at analysis, else computed from its model once. */
async function stateOf(cacheDir: string, id: string): Promise<ProjectState> {
  const stored = await readProjectState(cacheDir, id);
  if (stored) return stored;
  const state = projectState(await readModel(cacheDir, id));
  await writeProjectState(cacheDir, id, state);
  return state;
}

/** Appends this build to the history and writes the pages' views. Throws only when the model store is unreadable. */
export async function recordBuild(options: RecordBuildOptions): Promise<RecordedBuild> {
  const { cacheDir, previous } = options;
  const current: Array<{ id: string; key: string; state: ProjectState }> = [];
  let latest: string | null = null;
  for (const p of options.projects) {
    const state = withAccepted(await stateOf(cacheDir, p.id), options.accepted?.get(p.id)?.places);
    current.push({ id: p.id, key: stateKey(state), state });
    // Its latest row time, else the latest date of a dates-only trail (use14), as the home's newest order reads it.
    const at = latestDate(p);
    if (at !== '' && (latest === null || at > latest)) latest = at;
  }
  const history = appendBuild(previous, { projects: current, latest, ...(options.at !== undefined ? { at: options.at } : {}) }, options.limit);
  const build = (history.builds[history.builds.length - 1] as (typeof history.builds)[number]).build;
  const last = previous?.builds[previous.builds.length - 1] ?? null;
  const views = new Map<string, ProjectHistoryView>();
  const digests: Record<string, string> = {};
  const listed: ArchiveSinceProject[] = [];
  const totals = { newRows: 0, newFlags: 0, fixedFlags: 0, evidence: 0, newlyAccepted: 0, noLongerAccepted: 0 };
  let unchanged = 0;
  let notCompared = 0;
  for (const p of current) {
    let since: ProjectHistoryView['since'] = null;
    const before = last?.projects[p.id];
    const beforeState = before ? previous?.states[before.state] : undefined;
    if (last && !before) {
      since = { kind: 'new', previous: last.build, build, rows: p.state.counts.rows, flags: Object.keys(p.state.flags).length };
      listed.push({ id: p.id, title: p.state.title, kind: 'new', newRows: p.state.counts.rows, goneRows: 0, newFlags: Object.keys(p.state.flags).length, newHigh: p.state.counts.flags.high, fixedFlags: 0, evidence: 0, newlyAccepted: 0, noLongerAccepted: 0 });
    } else if (last && beforeState && before?.state !== p.key && options.previousDetail === false) notCompared++;
    else if (last && beforeState && before?.state !== p.key) {
      const changes = sinceLastBuild(beforeState, p.state, options.previousAcceptance !== false);
      if (!noChanges(changes)) {
        if (options.projectViews !== false) since = await projectSince(changes, last.build, build, () => readModel(cacheDir, p.id));
        const entry: ArchiveSinceProject = { id: p.id, title: p.state.title, kind: 'changed', newRows: changes.newRows.length, goneRows: changes.goneRows.length, newFlags: changes.newFlags.length, newHigh: changes.newFlags.filter((f) => f.severity === 'high').length, fixedFlags: changes.fixedFlags.length, evidence: changes.evidence.length, newlyAccepted: changes.newlyAccepted.length, noLongerAccepted: changes.noLongerAccepted.length };
        listed.push(entry);
        totals.newRows += entry.newRows;
        totals.newFlags += entry.newFlags;
        totals.fixedFlags += entry.fixedFlags;
        totals.evidence += entry.evidence;
        totals.newlyAccepted += entry.newlyAccepted;
        totals.noLongerAccepted += entry.noLongerAccepted;
      } else unchanged++;
    } else if (last) unchanged++;
    if (options.projectViews === false) continue;
    const trend = projectTrend(history, p.id);
    const view: ProjectHistoryView = { since, trend: trend.length >= 2 ? trend : [] };
    if (view.since !== null || view.trend.length > 0) {
      views.set(p.id, view);
      digests[p.id] = hash53(JSON.stringify(view));
    }
  }
  // Projects of the last build that are gone.
  const present = new Set(current.map((p) => p.id));
  for (const [id, entry] of Object.entries(last?.projects ?? {})) {
    if (present.has(id)) continue;
    const state = previous?.states[entry.state];
    // Its flags went with it: they are not fixed (the home shows — for a gone project's flags).
    listed.push({ id, title: state?.title ?? id, kind: 'gone', newRows: 0, goneRows: state?.counts.rows ?? 0, newFlags: 0, newHigh: 0, fixedFlags: 0, evidence: 0, newlyAccepted: 0, noLongerAccepted: 0 });
  }
  const trend = archiveTrend(history);
  const archive: ArchiveHistoryView = {
    build,
    previous: last?.build ?? null,
    kept: history.builds.length,
    ...(options.at !== undefined ? { at: options.at } : {}),
    projects: listed,
    unchanged,
    notCompared,
    totals,
    trend: trend.length >= 2 ? trend : [],
  };
  await writeViews(cacheDir, { run: options.run, digests, archive }, views);
  return { history, archive };
}
