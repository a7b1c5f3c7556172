/**
 * `trailbook diff A B [--json] [--cache-dir DIR]` (issue 15, scope 6): what run B decided,
 * flagged and concluded differently from run A. Each side is one project, given as
 * - a folder: analysed as an archive of its enclosing git work tree (or of the folder itself
 *   when it is in none) would analyse it, so its evidence resolves against the same repository;
 * - a `recap.json.gz` export of a built archive, or the plain `recap.json` in it (the compare page compares these);
 * - a project id of the archive in the model store (`--cache-dir`, else the one `trailbook
 *   build` uses from this folder, with its configuration).
 * The diff itself is src/lib/compare/compare-runs.ts, the compare page's code. Exit codes:
 * 0 the diff was printed (whatever it says), 2 unusable invocation.
 */
import { readFile, stat } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import { readModel } from '../../lib/archive/model-store.ts';
import { compareRuns, type ComparableRun } from '../../lib/compare/compare-runs.ts';
import { diffText } from '../../lib/compare/diff-text.ts';
import type { ProjectModel } from '../../lib/model/types.ts';
import { fromCwd } from '../paths.ts';
import { printJson, UsageError, type Output } from '../output.ts';
import { resolveSettings } from '../settings.ts';

/** Options of `trailbook diff`. */
export interface DiffOptions {
  json?: boolean;
  cacheDir?: string;
  config?: string;
}

/** The nearest folder at or above `dir` holding `.git`, or null. */
async function enclosingWorkTree(dir: string): Promise<string | null> {
  for (let current = dir; ; current = dirname(current)) {
    if (await stat(join(current, '.git')).then(() => true, () => false)) return current;
    if (dirname(current) === current) return null;
  }
}

/** The one project in a folder, analysed as its repository's archive would analyse it. */
async function projectInFolder(folder: string, given: string): Promise<ProjectModel> {
  const root = (await enclosingWorkTree(folder)) ?? folder;
  const below = relative(root, folder).split(sep).join('/');
  // Only the folder's own records: anything of the root outside it is skipped.
  const accept = (rel: string): boolean => below === '' || rel === below || rel.startsWith(`${below}/`) || below.startsWith(`${rel}/`);
  const models: ProjectModel[] = [];
  await analyseArchive({ roots: [root], cacheDir: null, accept, onModel: (m) => void models.push(m) });
  const found = models;
  if (found.length === 1) return found[0] as ProjectModel;
  if (found.length === 0) throw new UsageError(`${given} holds no project (no decision trail, audit, verdicts or coordination records)`, 'pass the folder of one project, a recap.json, or a project id of the archive');
  throw new UsageError(`${given} holds ${found.length} projects (${found.slice(0, 5).map((m) => m.root).join(', ')}${found.length > 5 ? ', …' : ''})`, 'pass the folder of one of them');
}

/** Reads one side of the diff. */
async function side(given: string, cacheDirOf: () => Promise<string>): Promise<ComparableRun> {
  const path = resolve(given);
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) return projectInFolder(path, given);
  if (info?.isFile()) {
    let json: unknown;
    try {
      // A recap.json.gz as the archive publishes it (gzip magic 1f 8b), or a plain recap.json.
      const bytes = await readFile(path);
      json = JSON.parse((bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8'));
    } catch (error) {
      throw new UsageError(`${given} is not JSON (${(error as Error).message})`, 'pass a recap.json.gz from a built archive, a project folder, or a project id');
    }
    const r = json as Partial<ComparableRun> & { version?: string };
    if (typeof r !== 'object' || r === null || !String(r.version ?? '').startsWith('trailbook.recap/') || !Array.isArray(r.rows) || !Array.isArray(r.flags)) {
      throw new UsageError(`${given} is not a Trailbook recap.json (trailbook.recap/1)`, 'pass the recap.json.gz of a project of a built archive (p/<id>/recap.json.gz)');
    }
    return r as ComparableRun;
  }
  const cacheDir = await cacheDirOf();
  try {
    return await readModel(cacheDir, given);
  } catch {
    throw new UsageError(`${given} is not a folder, a file, or a project id of the archive in ${fromCwd(cacheDir)}`, 'pass a project folder, a recap.json, or the id of a project the last build analysed (its recap is at p/<id>/), with --cache-dir or --config as the build had them');
  }
}

/** Runs `trailbook diff`; returns the exit code. */
export async function runDiff(a: string, b: string, options: DiffOptions, out: Output): Promise<number> {
  // Project ids are looked up where `trailbook build` keeps its model store.
  const cacheDir = async (): Promise<string> => (await resolveSettings([], { ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}), ...(options.config !== undefined ? { config: options.config } : {}) })).cacheDir;
  const diff = compareRuns(await side(a, cacheDir), await side(b, cacheDir));
  if (options.json) printJson(out, JSON.stringify(diff, null, 2));
  else {
    // A side given as a path is named as a path, from the working folder.
    const named = async (given: string): Promise<string> => ((await stat(resolve(given)).catch(() => null)) ? fromCwd(resolve(given)) : given);
    for (const line of diffText(diff, { a: await named(a), b: await named(b) })) out.result(line);
  }
  return 0;
}
