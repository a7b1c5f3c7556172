/**
 * Where the build history lives (issue 15, scope 3; docs/history.md):
 * - `history.json` in the output folder (and in `--history FILE` when given): the history
 *   itself, read back at the next build;
 * - `<cacheDir>/projects/<id>.state.json`: each project's state, written when it is analysed
 *   (so a reused project's state is one small read);
 * - `<cacheDir>/history/`: this build's views for the pages (`views.json`: the run that wrote
 *   them, each recap's view digest and the home's view; `projects/<id>.json`: a recap's view).
 * Pages take views only from the run that is rendering (the build context's `run`), so a plain
 * `astro build` never shows a stale history.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildHistorySchema, type BuildHistory } from './build-history.ts';
import type { ProjectState } from './project-state.ts';
import type { ArchiveHistoryView, ProjectHistoryView } from './history-views.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { historyDigest } from './history-seal.ts';
import { buildContextOrNull } from '../config/build-context.ts';

/** The history file's name in the output folder. */
export const HISTORY_FILE = 'history.json';

async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

/**
 * Reads a history file. Null (no problem) when there is none; a problem naming the file when
 * it is not a Trailbook history (the build then starts a new one, and says so). `sha256`: of
 * the file's bytes, whenever it could be read (src/lib/build-history/history-seal.ts).
 */
export async function readHistoryFile(path: string): Promise<{ history: BuildHistory | null; problem?: string; sha256?: string }> {
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
  const parsed = buildHistorySchema.safeParse(json);
  if (!parsed.success) return { history: null, problem: `${path} is not a Trailbook history (trailbook.history/1): ${describeIssues(parsed.error, json)}` };
  return { history: parsed.data as BuildHistory, sha256 };
}

/** Writes a history file (compact JSON and a final newline); resolves with the text written. */
export async function writeHistoryFile(path: string, history: BuildHistory): Promise<string> {
  const text = `${JSON.stringify(history)}\n`;
  await writeAtomic(path, text);
  return text;
}

const statePath = (cacheDir: string, id: string): string => join(cacheDir, 'projects', `${id}.state.json`);

/** Stores a project's state beside its model. */
export function writeProjectState(cacheDir: string, id: string, state: ProjectState): Promise<void> {
  return writeAtomic(statePath(cacheDir, id), JSON.stringify(state));
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
  for (const [id, view] of projects) await writeAtomic(join(viewsDir(cacheDir), 'projects', `${id}.json`), JSON.stringify(view));
  await writeAtomic(join(viewsDir(cacheDir), 'views.json'), JSON.stringify(index));
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
