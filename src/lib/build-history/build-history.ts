/**
 * The build history (issue 15, scope 3; docs/history.md): one record per build, oldest first,
 * each naming every project's state, and the distinct states those records reference. Kept
 * with the archive as `history.json` (`trailbook.history/2`: the builds, each state's title
 * and counts) beside `history-states.jsonl.gz` (the newest build's states' rows and flags,
 * issue 30: src/lib/build-history/history-states-file.ts), so hosting the output folder keeps
 * it, as Allure keeps its history; the next build reads it back from the previous output or
 * from `--history FILE`, appends itself and keeps the last `--history-limit` builds. A
 * `trailbook.history/1` file (states inline) is still read.
 *
 * Deterministic: a build record holds only what the inputs and the previous history give —
 * its number (one more than the last), the newest record time of the archive, and the build
 * time only when `SOURCE_DATE_EPOCH` sets it. Pure: reading and writing are in
 * `history-store.ts`.
 */
import { z } from 'zod';
import type { ProjectState } from './project-state.ts';

/** The version string of the history file this Trailbook writes (states' rows and flags in the states file beside it). */
export const HISTORY_VERSION = 'trailbook.history/2';

/** The version before issue 30: every state's rows and flags inline. Still read. */
export const HISTORY_VERSION_1 = 'trailbook.history/1';

/** Builds kept when `--history-limit` is not given. */
export const DEFAULT_HISTORY_LIMIT = 20;

/** One project in one build: its state's key, and the build since which it has been in that state. */
export interface BuildProject {
  state: string;
  since: number;
}

/** One build. */
export interface BuildRecord {
  /** 1 for the first build of the history, then one more each build. */
  build: number;
  /** The build time (ISO 8601) from `SOURCE_DATE_EPOCH`, when it is set; never the wall clock. */
  at?: string;
  /** The newest record time in the archive at this build (ISO 8601), or null. */
  latest: string | null;
  projects: Record<string, BuildProject>;
}

/** The history in memory: every state whole (its rows and flags `''` and `{}` when only older builds name it). */
export interface BuildHistory {
  version: typeof HISTORY_VERSION;
  builds: BuildRecord[];
  states: Record<string, ProjectState>;
}

const count = z.number().int().nonnegative();
const severityCounts = z.object({ high: count, medium: count, low: count });
const stateCounts = z.object({ rows: count, flags: severityCounts, pointers: z.object({ verified: count, failed: count, notCheckable: count }), openBlockers: count });
const severity = z.enum(['high', 'medium', 'low']);
const stateSchema = z.object({
  title: z.string(),
  counts: stateCounts,
  rows: z.string(),
  flags: z.record(z.string(), z.object({ kind: z.string(), severity, summary: z.string(), rows: z.array(z.string()), n: z.number().int().positive() })),
  accepted: z.array(z.string()).optional(),
});
const buildsSchema = z.array(
  z.object({
    build: z.number().int().positive(),
    at: z.string().optional(),
    latest: z.string().nullable(),
    projects: z.record(z.string(), z.object({ state: z.string(), since: z.number().int().positive() })),
  }),
);

/** The shape of a `trailbook.history/1` file (every state whole, inline), checked when one is read back. */
export const buildHistorySchema = z.object({
  version: z.literal(HISTORY_VERSION_1),
  builds: buildsSchema,
  states: z.record(z.string(), stateSchema),
});

/**
 * The shape of `history.json` (`trailbook.history/2`): the builds, each state's title and
 * counts, and `detail`: the sha256 (hex) of the states file written beside it and, in its
 * order, each part's state key and length in bytes (src/lib/build-history/history-states-file.ts).
 */
export const historyFileSchema = z.object({
  version: z.literal(HISTORY_VERSION),
  builds: buildsSchema,
  states: z.record(z.string(), z.object({ title: z.string(), counts: stateCounts })),
  detail: z.object({
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    parts: z.array(z.tuple([z.string(), z.number().int().nonnegative()])),
    /** True when the states file's lines say which flags the baseline accepted (count16); absent in files written before. */
    acceptance: z.literal(true).optional(),
  }),
});

/** `history.json` as written (`trailbook.history/2`). */
export type HistoryFile = z.infer<typeof historyFileSchema>;

/**
 * The keys of the states whose rows and flags a history keeps: those its newest build names
 * (the next build compares with them), sorted.
 */
export function detailedStates(history: BuildHistory): string[] {
  const newest = history.builds[history.builds.length - 1];
  return newest ? [...new Set(Object.values(newest.projects).map((p) => p.state))].filter((key) => key in history.states).sort() : [];
}

/** What one build adds: each project's state and its key, in archive order. */
export interface CurrentBuild {
  projects: Array<{ id: string; key: string; state: ProjectState }>;
  at?: string;
  latest: string | null;
}

/**
 * The history with `current` appended, keeping the last `limit` builds (at least 1) and only
 * the states they reference. A state only older builds reference keeps its title and counts
 * (the trends read them) but not its rows and flags (`rows: ''`, `flags: {}`): only the newest
 * build's states are compared with the next build ("Since the last build"), so a history of 20
 * builds in which every project changed is not 20 times its projects' rows (1,000 projects ×
 * 1,000 rows: about 34 MB a build). Pure; `previous` is not changed.
 */
export function appendBuild(previous: BuildHistory | null, current: CurrentBuild, limit: number): BuildHistory {
  const builds = previous?.builds ?? [];
  const last = builds[builds.length - 1];
  const number = (last?.build ?? 0) + 1;
  const projects: Record<string, BuildProject> = {};
  const states: Record<string, ProjectState> = {};
  for (const p of current.projects) {
    const before = last?.projects[p.id];
    projects[p.id] = { state: p.key, since: before && before.state === p.key ? before.since : number };
    states[p.key] = p.state;
  }
  const record: BuildRecord = { build: number, ...(current.at !== undefined ? { at: current.at } : {}), latest: current.latest, projects };
  const kept = [...builds, record].slice(-Math.max(1, Math.floor(limit)));
  for (const b of kept) for (const p of Object.values(b.projects)) if (!(p.state in states) && previous?.states[p.state]) states[p.state] = previous.states[p.state] as ProjectState;
  // States in a stable order: sorted keys.
  const sorted: Record<string, ProjectState> = {};
  const newest = new Set(Object.values(projects).map((p) => p.state));
  for (const key of Object.keys(states).sort()) {
    const state = states[key] as ProjectState;
    sorted[key] = newest.has(key) ? state : { title: state.title, counts: state.counts, rows: '', flags: {} };
  }
  return { version: HISTORY_VERSION, builds: kept, states: sorted };
}

/**
 * The build time from `SOURCE_DATE_EPOCH` (seconds since the epoch, as reproducible-build
 * tools set it), as ISO 8601; undefined when unset or not a whole number.
 */
export function sourceDateEpoch(value: string | undefined): string | undefined {
  if (value === undefined || !/^\d{1,12}$/.test(value.trim())) return undefined;
  return new Date(Number(value.trim()) * 1000).toISOString().replace('.000Z', 'Z');
}
