/**
 * Small repositories with a trail, built by a test file for itself: the steps the evidence
 * tests of the fresh trial (2026-12-02) each wrote out — a temporary folder, a git repository,
 * files committed at fixed dates, a `decisions.jsonl` of rows with correct ids, and the model
 * `analyseArchive` makes of it (no cache). Git runs with the fixed identity of
 * history-fixtures.ts, so the same steps give the same SHAs.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { analyseArchive } from '../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../src/lib/model/types.ts';
import { git } from './history-fixtures.ts';

/**
 * A bbs decision row (one JSON line, no newline) with its correct id: the first 8 hex digits of
 * sha256(`ts` + `decision`). `phase` is `build` unless given; actor `lead`, why `w`, result
 * `verified`.
 */
export function trailRow(ts: string, decision: string, evidence: string, phase = 'build'): string {
  const id = createHash('sha256').update(ts + decision).digest('hex').slice(0, 8);
  return JSON.stringify({ id, ts, phase, ticket: '', actor: 'lead', decision, why: 'w', evidence, result: 'verified' });
}

/** A trail file's text: the rows, one a line, each ended by a newline. */
export function trailText(rows: readonly string[]): string {
  return rows.join('\n') + '\n';
}

/** A new empty folder `trailbook-<name>-XXXXXX` in the system's temporary folder; remove it with {@link removeFixture}. */
export function fixtureDir(name: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `trailbook-${name}-`));
}

/** Removes a folder {@link fixtureDir} made, and all it holds. */
export function removeFixture(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** Writes each file of `files` (a `/`-separated path under `dir` → its text), making its folders. */
export async function writeFiles(dir: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir, ...path.split('/'));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}

/** Makes `dir` (if missing) a new git repository whose branch is `main`. */
export async function initRepo(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  git(dir, ['init', '-q', '-b', 'main']);
}

/** Commits every change in the repository `dir` (`git add -A`) as `message`, authored and committed at `date` (ISO 8601); returns the commit's full SHA. */
export function commitAll(dir: string, message: string, date: string): string {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message], date);
  return git(dir, ['rev-parse', 'HEAD']).trim();
}

/** Analyses every project under `root` as a build does (without a cache); their models by the name of the project's folder. */
export async function analyseProjects(root: string): Promise<Map<string, ProjectModel>> {
  const models = new Map<string, ProjectModel>();
  await analyseArchive({ roots: [root], cacheDir: null, onModel: (m) => void models.set(basename(m.root), m) });
  return models;
}

/** The model of the one project at `root` (as {@link analyseProjects}); throws unless there is exactly one. */
export async function analyseProject(root: string): Promise<ProjectModel> {
  const models = [...(await analyseProjects(root)).values()];
  if (models.length !== 1) throw new Error(`${root}: ${models.length} projects, expected one`);
  return models[0] as ProjectModel;
}

/** Which of a pointer's fields {@link pointerVerdicts} lists, after its text as written: its status and reason, with its kind first or its fault last. */
export type VerdictFields = 'status' | 'kind' | 'fault';

/**
 * Each row's pointers as a person reads them: `[raw, status, reason]` a pointer, or with
 * `'kind'` `[raw, kind, status, reason]`, or with `'fault'` `[raw, status, reason, fault or '']`.
 */
export function pointerVerdicts(model: ProjectModel, fields: VerdictFields = 'status'): string[][][] {
  return model.rows.map((r) =>
    r.evidence.map((p) => (fields === 'kind' ? [p.raw, p.kind, p.status, p.reason] : fields === 'fault' ? [p.raw, p.status, p.reason, p.fault ?? ''] : [p.raw, p.status, p.reason])),
  );
}

/** The model's evidence flags: `[kind, severity, the ids of the rows it names]` each. */
export function evidenceFlags(model: ProjectModel): Array<[string, string, string[]]> {
  return model.flags.filter((f) => f.kind.startsWith('evidence/')).map((f) => [f.kind, f.severity, [...(f.rows ?? [])]]);
}

/** The id of the model's row `n` (0-based). */
export const rowIdOf = (model: ProjectModel, n: number): string => (model.rows[n] as { id: string }).id;

/**
 * The steps most evidence tests take, as one: a new {@link fixtureDir} named `name`, made a git
 * repository ({@link initRepo}), `files` written ({@link writeFiles}) and committed as `message`
 * at `date` ({@link commitAll}), and the model of its one project ({@link analyseProject}).
 * Returns the folder (remove it with {@link removeFixture}), the commit's full SHA and the model.
 */
export async function committedProject(name: string, files: Readonly<Record<string, string>>, message: string, date: string): Promise<{ dir: string; sha: string; model: ProjectModel }> {
  const dir = await fixtureDir(name);
  await initRepo(dir);
  await writeFiles(dir, files);
  const sha = commitAll(dir, message, date);
  return { dir, sha, model: await analyseProject(dir) };
}
