/**
 * `trailbook diff A B [--json] [--archive DIR] [--trail NAME] [--cache-dir DIR]` (issue 15,
 * scope 6; issue 32, item 5): what run B decided, flagged and concluded differently from run A.
 * Each side is one project, given as
 * - a folder: analysed as an archive of its enclosing git work tree (or of the folder itself
 *   when it is in none) would analyse it, so its evidence resolves against the same repository;
 *   a folder holding several projects (a `.audit/` of pstack trails) takes `--trail NAME`;
 * - a trail file (`.audit/<slug>.tsv`, `decisions.jsonl`, `decisions.tsv`): the project it is
 *   the trail of, analysed the same way;
 * - a `recap.json.gz` export of a built archive, or the plain `recap.json` (the compare page compares these);
 * - a project id: of the built archive in `--archive DIR` (its `p/<id>/recap.json.gz`), else of
 *   the model store (`--cache-dir`, else the one `trailbook build` uses from this folder, with its
 *   configuration), else of the archive in the build's default output folder.
 * A problem names projects by id (titles repeat: every trail of one repository shares its name).
 * The diff itself is src/lib/compare/compare-runs.ts, the compare page's code. Exit codes:
 * 0 the diff was printed (whatever it says), 2 unusable invocation.
 */
import { readFile, stat } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import { readArchiveIndex, readModel } from '../../lib/archive/model-store.ts';
import { compareRuns, type ComparableRun } from '../../lib/compare/compare-runs.ts';
import { diffText } from '../../lib/compare/diff-text.ts';
import type { ProjectModel } from '../../lib/model/types.ts';
import { formatsWith } from '../../lib/formats/format-lookup.ts';
import { projectDirOf } from '../../lib/discover/discover.ts';
import { specialKind } from '../../lib/fs/walk.ts';
import { PSTACK_AUDIT_FOLDER } from '../../lib/formats/pstack-trail.ts';
import { fromCwd } from '../paths.ts';
import { printJson, UsageError, type Output } from '../output.ts';
import { fullRows, isRowColumns, rowColumnsProblem, type CompactRow } from '../../lib/export/recap-rows.ts';
import { resolveSettings, type Settings } from '../settings.ts';

/** Options of `trailbook diff`. */
export interface DiffOptions {
  json?: boolean;
  cacheDir?: string;
  config?: string;
  /** `--archive DIR`: a built archive whose project ids A and B name. */
  archive?: string;
  /** `--trail NAME`: in a folder of several projects, the one whose trail file is NAME (`build-v1-04` or `build-v1-04.tsv`). */
  trail?: string;
}

/** Ids to show in a problem: the first ten, then how many more. */
function idList(ids: readonly string[]): string {
  return `${ids.slice(0, 10).join(', ')}${ids.length > 10 ? `, … (${ids.length} in all)` : ''}`;
}

/** File names a side given as a file is read as a trail by (the readers' own names and extensions). */
const TRAIL_FILE = /(?:\.tsv|\.jsonl)$/i;

/** The nearest folder at or above `dir` holding `.git`, or null. */
async function enclosingWorkTree(dir: string): Promise<string | null> {
  for (let current = dir; ; current = dirname(current)) {
    if (await stat(join(current, '.git')).then(() => true, () => false)) return current;
    if (dirname(current) === current) return null;
  }
}

/** A trail name as given to `--trail`: the file name without its extension. */
const trailName = (name: string): string => name.replace(/\.(?:tsv|jsonl)$/i, '');

/**
 * The one project in a folder — or, with `file`, the project whose trail that file is — analysed
 * as its repository's archive would analyse it. `trail` picks one of several by trail name.
 */
async function projectInFolder(folder: string, given: string, options: { trail?: string; file?: string } = {}): Promise<ProjectModel> {
  // Outside a git work tree the root is the project's own folder (for a trail file, where
  // discovery places its project; for an `.audit/` folder, the folder holding it), so the id is
  // the one its archive gives it, not `project--<slug>`.
  const own = options.file !== undefined ? projectDirOf(options.file) : basename(folder) === PSTACK_AUDIT_FOLDER ? dirname(folder) : null;
  const root = (await enclosingWorkTree(folder)) ?? own ?? folder;
  const below = relative(root, folder).split(sep).join('/');
  // Only the folder's own records: anything of the root outside it is skipped.
  const accept = (rel: string): boolean => below === '' || rel === below || rel.startsWith(`${below}/`) || below.startsWith(`${rel}/`);
  const models: ProjectModel[] = [];
  const result = await analyseArchive({ roots: [root], cacheDir: null, accept, onModel: (m) => void models.push(m) });
  const trailOf = (m: ProjectModel): string[] => m.sources.filter((s) => formatsWith('trail').has(s.format)).map((s) => join(result.projectDirs.get(m.id) ?? '', s.path));
  let found = models;
  if (options.file !== undefined) found = models.filter((m) => trailOf(m).includes(options.file as string));
  else if (options.trail !== undefined) {
    const name = trailName(options.trail);
    found = models.filter((m) => m.id === options.trail || trailOf(m).some((f) => trailName(basename(f)) === name));
  }
  if (found.length === 1) return found[0] as ProjectModel;
  const ids = models.map((m) => m.id);
  if (options.file !== undefined) throw new UsageError(`${given} is not the decision trail of a project (${models.length === 0 ? 'its folder holds no project' : `projects there: ${idList(ids)}`})`, 'pass a trail file Trailbook reads (decisions.jsonl, decisions.tsv, .audit/<name>.tsv), a project folder, a recap.json.gz, or a project id');
  if (models.length === 0) throw new UsageError(`${given} holds no project (no decision trail, audit, verdicts or coordination records)`, 'pass the folder of one project, a trail file, a recap.json.gz, or a project id of the archive');
  if (options.trail !== undefined) throw new UsageError(`${given} has no trail named ${options.trail}; its projects: ${idList(ids)}`, `pass --trail with one of their trail names, e.g. --trail ${trailName(basename(trailOf(models[0] as ProjectModel)[0] ?? 'decisions'))}`);
  throw new UsageError(`${given} holds ${found.length} projects: ${idList(ids)}`, `pass the folder or trail file of one of them, or --trail NAME${found[0] ? ` (e.g. --trail ${trailName(basename(trailOf(found[0])[0] ?? found[0].id))})` : ''}`);
}

/** A recap.json(.gz) file's run; throws {@link UsageError} when it is not one. */
async function recapFile(path: string, given: string): Promise<ComparableRun> {
  let json: unknown;
  try {
    // A recap.json.gz as the archive publishes it (gzip magic 1f 8b), or a plain recap.json.
    const bytes = await readFile(path);
    json = JSON.parse((bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8'));
  } catch (error) {
    throw new UsageError(`${given} is not JSON (${(error as Error).message})`, 'pass a recap.json.gz from a built archive, a trail file, a project folder, or a project id');
  }
  const r = json as Partial<ComparableRun> & { version?: string };
  if (typeof r !== 'object' || r === null || !String(r.version ?? '').startsWith('trailbook.recap/') || !(Array.isArray(r.rows) || isRowColumns(r.rows)) || !Array.isArray(r.flags)) {
    throw new UsageError(`${given} is not a Trailbook recap.json (trailbook.recap/1, /2 or /3)`, 'pass the recap.json.gz of a project of a built archive (p/<id>/recap.json.gz)');
  }
  const columnsProblem = isRowColumns(r.rows) ? rowColumnsProblem(r.rows) : null;
  if (columnsProblem !== null) throw new UsageError(`${given} is not a Trailbook recap.json (${columnsProblem})`, 'pass the recap.json.gz of a project of a built archive (p/<id>/recap.json.gz)');
  // recap/2 leaves a row's anchor out when it is row-<id>; recap/3 and /4 write rows by column (src/lib/export/recap-rows.ts), /4 without a time column `ts` gives.
  return { ...(r as ComparableRun), rows: isRowColumns(r.rows) ? fullRows(r.rows) : fullRows(r.rows as unknown as CompactRow[]) };
}

/** The project ids of a built archive (its archive.json), or null when `dir` holds none. */
async function archiveIds(dir: string): Promise<string[] | null> {
  const text = await readFile(join(dir, 'archive.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return ((JSON.parse(text) as { projects?: Array<{ id?: unknown }> }).projects ?? []).map((p) => String(p.id));
  } catch {
    return null;
  }
}

/** Where project ids are looked up: the model store, and the archive of the build's default output folder. */
interface IdSources {
  cacheDir(): Promise<string>;
  outDir(): Promise<string>;
}

/** Reads one side of the diff. */
async function side(given: string, options: DiffOptions, ids: IdSources): Promise<ComparableRun> {
  const path = resolve(given);
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) return projectInFolder(path, given, options.trail === undefined ? {} : { trail: options.trail });
  if (info?.isFile()) {
    if (TRAIL_FILE.test(path)) return projectInFolder(dirname(path), given, { file: path });
    return recapFile(path, given);
  }
  // Never opened: reading a named pipe blocks until a writer comes.
  if (info) throw new UsageError(`${given} is not a regular file (${specialKind(info)})`, 'pass a project folder, a trail file, a recap.json.gz, or a project id');
  if (options.archive !== undefined) {
    const dir = resolve(options.archive);
    const known = await archiveIds(dir);
    if (known === null) throw new UsageError(`${fromCwd(dir)} is not a built archive (it has no archive.json)`, 'pass --archive the --out folder of trailbook build');
    if (!known.includes(given)) throw new UsageError(`${given} is not a project id of the archive in ${fromCwd(dir)}; its ids: ${idList(known)}`, 'pass one of those ids (a recap is at p/<id>/), a project folder, a trail file or a recap.json.gz');
    return recapFile(join(dir, 'p', given, 'recap.json.gz'), given);
  }
  const cacheDir = await ids.cacheDir();
  const fromStore = await readModel(cacheDir, given).catch(() => null);
  if (fromStore) return fromStore;
  // The build's default output folder, and `dist` here (where `--out dist` put it when the working folder is the input).
  const outDirs = [...new Set([await ids.outDir(), resolve('dist')])];
  const seen: string[] = [];
  for (const outDir of outDirs) {
    const known = await archiveIds(outDir);
    if (known?.includes(given)) return recapFile(join(outDir, 'p', given, 'recap.json.gz'), given);
    seen.push(...(known ?? []));
  }
  const outDir = outDirs[0] as string;
  const stored = await readArchiveIndex(cacheDir).then((index) => index.projects.map((p) => p.id), () => [] as string[]);
  const all = [...new Set([...stored, ...seen])];
  throw new UsageError(
    `${given} is not a folder, a file, or a project id of the archive built here${all.length > 0 ? `; its ids: ${idList(all)}` : ` (no archive in ${fromCwd(outDir)}, no model store in ${fromCwd(cacheDir)})`}`,
    'pass a project folder, a trail file, a recap.json.gz, or a project id; for an archive built elsewhere add --archive DIR (its --out folder)',
  );
}

/** Runs `trailbook diff`; returns the exit code. */
export async function runDiff(a: string, b: string, options: DiffOptions, out: Output): Promise<number> {
  // Project ids are looked up where `trailbook build` keeps its model store, then in the archive it writes.
  const settings = async (): Promise<Settings> => resolveSettings([], { ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}), ...(options.config !== undefined ? { config: options.config } : {}) });
  const ids: IdSources = { cacheDir: async () => (await settings()).cacheDir, outDir: async () => (await settings()).outDir };
  const diff = compareRuns(await side(a, options, ids), await side(b, options, ids));
  if (options.json) printJson(out, JSON.stringify(diff, null, 2));
  else {
    // A side given as a path is named as a path, from the working folder.
    const named = async (given: string): Promise<string> => ((await stat(resolve(given)).catch(() => null)) ? fromCwd(resolve(given)) : given);
    for (const line of diffText(diff, { a: await named(a), b: await named(b) })) out.result(line);
  }
  return 0;
}
