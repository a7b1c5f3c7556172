/**
 * Where the build history lives (issue 15, scope 3; docs/history.md):
 * - `history.json` in the output folder (and in `--history FILE` when given): the history
 *   itself, read back at the next build, and beside it its states file (`history-states.jsonl.gz`,
 *   `<name>-states.jsonl.gz` beside `--history <name>.json`: the newest build's rows and flags,
 *   src/lib/build-history/history-states-file.ts);
 * - `<cacheDir>/projects/<id>.state.json`: each project's state, written when it is analysed
 *   (so a reused project's state is one small read);
 * - `<cacheDir>/history/`: this build's views for the pages (`views.json`: the run that wrote
 *   them, each recap's view digest and the home's view; `projects/<id>.json`: a recap's view).
 * Pages take views only from the run that is rendering (the build context's `run`), so a plain
 * `astro build` never shows a stale history.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildHistorySchema, detailedStates, HISTORY_VERSION, HISTORY_VERSION_1, historyFileSchema, type BuildHistory, type HistoryFile } from './build-history.ts';
import { readStates, statesPath, StatesFileError, writeStates, type StateDetail, type StatePart } from './history-states-file.ts';
import type { ProjectState } from './project-state.ts';
import type { ArchiveHistoryView, ProjectHistoryView } from './history-views.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { historyDigest } from './history-seal.ts';
import { buildContextOrNull } from '../config/build-context.ts';
import { writeAtomic as writeCacheFile } from '../fs/cache-files.ts';

/** The history file's name in the output folder. */
export const HISTORY_FILE = 'history.json';

async function writeAtomic(path: string, text: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

/** The states file of a `trailbook.history/2` file as a read found it. */
export type StatesRead =
  | { path: string; found: true; parts: ReadonlyMap<string, StatePart> }
  /** `missing`: no file; `other`: a file whose sha256 is not the one `history.json` names (another build's); `damaged`: it is, but a part is not a state line (`detail` says which). */
  | { path: string; found: false; why: 'missing' | 'other' | 'damaged'; detail?: string };

/** What {@link readHistoryFile} found. */
export interface HistoryRead {
  history: BuildHistory | null;
  /** Why the file is not a history (the build starts a new one). */
  problem?: string;
  /** sha256 hex of `history.json`'s bytes, whenever it could be read (src/lib/build-history/history-seal.ts). */
  sha256?: string;
  /**
   * For a `trailbook.history/2` file, its states file: read (its parts, for the next write to
   * keep), or not, and then every state of `history` has no rows and no flags.
   */
  states?: StatesRead;
  /**
   * Whether the states read say which flags were accepted (count16: `detail.acceptance`, which a
   * Trailbook that remembers acceptance writes): false for a history written before, whose
   * states say nothing of it, so the next build does not call every accepted flag newly accepted.
   */
  acceptance?: boolean;
}

async function readStatesOf(path: string, file: HistoryFile): Promise<{ read: StatesRead; detail: Map<string, StateDetail & StatePart> | null }> {
  const at = statesPath(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(at);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { read: { path: at, found: false, why: code === 'ENOENT' ? 'missing' : 'damaged', ...(code === 'ENOENT' ? {} : { detail: `cannot be read: ${code ?? (error as Error).message}` }) }, detail: null };
  }
  if (historyDigest(bytes) !== file.detail.sha256) return { read: { path: at, found: false, why: 'other' }, detail: null };
  try {
    const detail = readStates(bytes, file.detail.parts);
    const stray = [...detail.keys()].find((key) => !(key in file.states));
    if (stray !== undefined) return { read: { path: at, found: false, why: 'damaged', detail: `state ${stray} is not one history.json names` }, detail: null };
    // Every state the newest build names has its part (the next build compares with each).
    const newest = Object.values(file.builds[file.builds.length - 1]?.projects ?? {}).find((p) => !detail.has(p.state));
    if (newest !== undefined) return { read: { path: at, found: false, why: 'damaged', detail: `state ${newest.state} of the newest build has no part` }, detail: null };
    return { read: { path: at, found: true, parts: detail }, detail };
  } catch (error) {
    if (error instanceof StatesFileError) return { read: { path: at, found: false, why: 'damaged', detail: error.message }, detail: null };
    throw error;
  }
}

/**
 * Reads a history file: `trailbook.history/2` (and its states file beside it, whose sha256 it
 * names: {@link StatesRead}) or `/1` (states inline). Null (no problem) when there is none; a
 * problem naming the file when it is not a Trailbook history (the build then starts a new one,
 * and says so). A states file missing, of another build or damaged is not a problem: the
 * history goes on without the previous states' rows and flags (`states.found` false).
 */
export async function readHistoryFile(path: string): Promise<HistoryRead> {
  let text: string;
  let sha256: string;
  try {
    const bytes = await readFile(path);
    sha256 = historyDigest(bytes);
    text = bytes.toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { history: null } : { history: null, problem: `${path} cannot be read (${code ?? (error as Error).message})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { history: null, problem: `${path} is not JSON (${(error as Error).message})` };
  }
  if ((json as { version?: unknown } | null)?.version === HISTORY_VERSION_1) {
    const parsed = buildHistorySchema.safeParse(json);
    if (!parsed.success) return { history: null, problem: `${path} is not a Trailbook history (trailbook.history/1): ${describeIssues(parsed.error, json)}` };
    return { history: { ...(parsed.data as Omit<BuildHistory, 'version'>), version: HISTORY_VERSION }, sha256 };
  }
  const parsed = historyFileSchema.safeParse(json);
  if (!parsed.success) return { history: null, problem: `${path} is not a Trailbook history (trailbook.history/2 or /1): ${describeIssues(parsed.error, json)}` };
  const file = parsed.data;
  const { read, detail } = await readStatesOf(path, file);
  const states: Record<string, ProjectState> = {};
  for (const [key, state] of Object.entries(file.states)) {
    const more = detail?.get(key);
    states[key] = { title: state.title, counts: state.counts, rows: more?.rows ?? '', flags: more?.flags ?? {}, ...(more?.accepted ? { accepted: more.accepted } : {}) };
  }
  return { history: { version: HISTORY_VERSION, builds: file.builds, states }, sha256, states: read, acceptance: file.detail.acceptance === true && read.found };
}

/** A history's two files as written: `history.json`'s text and its states file's bytes. */
export interface HistoryFiles {
  json: string;
  states: Buffer;
}

/**
 * The files of `history` (compact JSON and a final newline; the states file of its newest
 * build's states: src/lib/build-history/history-states-file.ts). A state part whose text is in
 * `kept` (the parts of the states file read) keeps its bytes. Pure.
 */
export function historyFiles(history: BuildHistory, kept?: ReadonlyMap<string, StatePart>): HistoryFiles {
  const states = writeStates(detailedStates(history).map((key) => [key, history.states[key] as ProjectState]), kept);
  const file: HistoryFile = {
    version: HISTORY_VERSION,
    builds: history.builds,
    states: Object.fromEntries(Object.entries(history.states).map(([key, s]) => [key, { title: s.title, counts: s.counts }])),
    // The states' lines say which flags were accepted (absent: none): read back as known (count16).
    detail: { sha256: historyDigest(states.bytes), parts: states.parts, acceptance: true },
  };
  return { json: `${JSON.stringify(file)}\n`, states: states.bytes };
}

/**
 * Writes a history's files: the states file beside `path` first ({@link statesPath}), then
 * `path`, each atomically (a run stopped between the two leaves a `history.json` naming the
 * states file it was written with, which the next read tells apart: `other`).
 */
export async function writeHistoryFiles(path: string, files: HistoryFiles): Promise<void> {
  await writeAtomic(statesPath(path), files.states);
  await writeAtomic(path, files.json);
}

/** Writes a history's files ({@link historyFiles}, {@link writeHistoryFiles}); resolves with `history.json`'s text. */
export async function writeHistoryFile(path: string, history: BuildHistory): Promise<string> {
  const files = historyFiles(history);
  await writeHistoryFiles(path, files);
  return files.json;
}

const statePath = (cacheDir: string, id: string): string => join(cacheDir, 'projects', `${id}.state.json`);

/** Stores a project's state beside its model. */
export function writeProjectState(cacheDir: string, id: string, state: ProjectState): Promise<void> {
  return writeCacheFile(statePath(cacheDir, id), JSON.stringify(state));
}

/** A stored project state, or null. */
export async function readProjectState(cacheDir: string, id: string): Promise<ProjectState | null> {
  try {
    return JSON.parse(await readFile(statePath(cacheDir, id), 'utf8')) as ProjectState;
  } catch {
    return null;
  }
}

/** The views index of one build. */
export interface ViewsIndex {
  run: string;
  /** Project id → digest of its view; projects without one show no history. */
  digests: Record<string, string>;
  archive: ArchiveHistoryView;
}

const viewsDir = (cacheDir: string): string => join(cacheDir, 'history');

/** Writes this build's views. */
export async function writeViews(cacheDir: string, index: ViewsIndex, projects: ReadonlyMap<string, ProjectHistoryView>): Promise<void> {
  for (const [id, view] of projects) await writeCacheFile(join(viewsDir(cacheDir), 'projects', `${id}.json`), JSON.stringify(view));
  await writeCacheFile(join(viewsDir(cacheDir), 'views.json'), JSON.stringify(index));
}

const indexes = new Map<string, Promise<ViewsIndex | null>>();

/** The views index written by the run now rendering, or null (memoised per cache folder). */
export function readViewsIndex(cacheDir: string, run: string | undefined = buildContextOrNull()?.run ?? undefined): Promise<ViewsIndex | null> {
  const key = `${cacheDir}\0${run ?? ''}`;
  let pending = indexes.get(key);
  if (!pending) {
    pending = (async () => {
      if (!run) return null;
      try {
        const index = JSON.parse(await readFile(join(viewsDir(cacheDir), 'views.json'), 'utf8')) as ViewsIndex;
        return index.run === run ? index : null;
      } catch {
        return null;
      }
    })();
    indexes.set(key, pending);
  }
  return pending;
}

/** A recap's history view, or null when it shows none. */
export async function readProjectView(cacheDir: string, id: string): Promise<ProjectHistoryView | null> {
  const index = await readViewsIndex(cacheDir);
  if (!index || !(id in index.digests)) return null;
  try {
    return JSON.parse(await readFile(join(viewsDir(cacheDir), 'projects', `${id}.json`), 'utf8')) as ProjectHistoryView;
  } catch {
    return null;
  }
}

/**
 * The digest a recap renders under: its model's, combined with its history view's when it has
 * one (src/lib/archive/render-plan.ts), so the recap is rendered again exactly when either changes.
 */
export async function recapDigest(cacheDir: string, id: string, digest: string): Promise<string> {
  const view = (await readViewsIndex(cacheDir))?.digests[id];
  return view === undefined ? digest : `${digest}-${view}`;
}
