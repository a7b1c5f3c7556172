/**
 * Discovery (spec/input.md section 1): finds projects in the input folders. A folder is a
 * project when it holds a record file; a pstack `.audit/<slug>.tsv` is a project of its own
 * (one project per trail file). Record shapes are read later, by the adapters.
 */
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { stat } from 'node:fs/promises';
import type { SourceFormat } from '../model/types.ts';
import type { DiscoveredFile, DiscoveredProject } from '../model/discovered.ts';
import { boundId, slugify } from '../text/slug.ts';
import { walk, type WalkEntry, type WalkProblem } from '../fs/walk.ts';
import { LifecycleFiles } from '../lifecycle/discover-lifecycle.ts';
import { formatOfContent } from './sniff-record-file.ts';
import { joinerOrConfigOf, lookedFor, recordFormatOf } from '../formats/format-lookup.ts';
import type { Placement } from '../formats/source-format.ts';
import { CONFIG_FILES } from '../formats/project-config.ts';

/** The result of discovery over all input roots. */
export interface Discovery {
  projects: DiscoveredProject[];
  problems: WalkProblem[];
}

/**
 * What discovery looks for, as a person reads it, grouped by what the records are: the file
 * names and folders of each format (src/lib/formats/; a folder holding one is a project). The
 * CLI says this when it finds nothing.
 */
export const LOOKED_FOR: ReadonlyArray<{ what: string; names: readonly string[] }> = lookedFor();

const toPosix = (p: string): string => p.split(sep).join('/');

interface Pending {
  dir: string;
  slug: string | null;
  inputRoot: string;
  files: DiscoveredFile[];
}

/** Options of {@link discoverProjects}. */
export interface DiscoverOptions {
  /**
   * The configuration's include/exclude filter (src/lib/config/glob.ts `pathFilter`): called
   * with a path relative to its input root (`/`-separated); false skips a record file, or a
   * folder and everything in it.
   */
  accept?: (rel: string, isDirectory: boolean) => boolean;
  /**
   * Redacts the secrets in folder names (sec10: a folder `run-ghp_…` is published by its id, its
   * path and its title, each made from the name): given every name at once, the function that
   * gives each name redacted. Made by the caller from src/lib/secrets/redacted-names.ts
   * `nameRedactor` (discovery stands below the secret rules); default: names as they are.
   */
  redactNames?: NameRedactor;
  /** Folders never walked into (absolute): the build's cache folder, when it lies inside an input root (fs/walk.ts `WalkOptions.skip`). */
  skip?: readonly string[];
}

/** Given every folder name to publish at once, the function that gives each one with its secrets redacted. */
export type NameRedactor = (names: readonly string[]) => Promise<(name: string) => string>;

/** The folder `placement` puts a file's project in: `up` folders above the file. */
function projectDir(path: string, placement: Placement): string {
  let dir = path;
  for (let i = 0; i < placement.up; i++) dir = dirname(dir);
  return dir;
}

/**
 * The folder discovery puts the project of the record file at `path` in (a pstack
 * `.audit/<slug>.tsv` belongs to the folder holding `.audit/`), or null when `path` is not named
 * as a record file. `trailbook diff` analyses a trail file from there, so the project gets the
 * id its archive gives it.
 */
export function projectDirOf(path: string): string | null {
  const record = recordFormatOf(path.split(sep));
  return record ? projectDir(path, record.placement) : null;
}

/**
 * Walks each input root and groups record files into projects. Ids are unique across roots
 * (a colliding id gets the root's name in front, then a number). Throws only when an input
 * root itself does not exist or is not a folder (an unusable invocation).
 */
export async function discoverProjects(roots: string[], options: DiscoverOptions = {}): Promise<Discovery> {
  const { accept } = options;
  const problems: WalkProblem[] = [];
  const pending = new Map<string, Pending>();
  const configs = new Map<string, string>();
  for (const given of roots) {
    const root = resolve(given);
    const info = await stat(root).catch(() => null);
    if (!info?.isDirectory()) throw new Error(`input folder ${given} does not exist or is not a folder`);
    const project = (dir: string, slug: string | null): Pending => {
      const key = `${dir}\0${slug ?? ''}`;
      let p = pending.get(key);
      if (!p) {
        p = { dir, slug, inputRoot: root, files: [] };
        pending.set(key, p);
      }
      return p;
    };
    const add = (dir: string, slug: string | null, path: string, format: SourceFormat, bytes: number): void => {
      if (accept && !accept(toPosix(relative(root, path)), false)) return;
      project(dir, slug).files.push({ path, rel: toPosix(relative(dir, path)), format, bytes });
    };
    const lifecycle = new LifecycleFiles();
    // A file that joins a project (the handover report) joins the one whose records sit beside it; alone it makes none.
    const joiners: Array<{ dir: string; path: string; format: SourceFormat; bytes: number; refused?: string }> = [];
    // Unclaimed `*.jsonl` files, told apart by content once the walk is done.
    const unclaimed: WalkEntry[] = [];
    // Named pipes, sockets and devices named like record files: said after the walk's own problems.
    const special: WalkProblem[] = [];
    problems.push(
      ...(await walk(root, (entry) => {
        const segments = entry.path.split(sep);
        const joinerOrConfig = joinerOrConfigOf(segments);
        if (entry.refused !== undefined) {
          if (joinerOrConfig?.traits.joins) joiners.push({ dir: entry.parent, path: entry.path, format: joinerOrConfig.id, bytes: 0, refused: entry.refused });
          // A refused link named like a record file is listed in its project as not read; by name only.
          const record = recordFormatOf(segments);
          if (record && (!accept || accept(toPosix(relative(root, entry.path)), false))) {
            if (entry.special) special.push({ path: entry.path, problem: entry.refused });
            const dir = projectDir(entry.path, record.placement);
            project(dir, record.placement.slug).files.push({ path: entry.path, rel: toPosix(relative(dir, entry.path)), format: record.format, bytes: 0, refused: entry.refused });
          }
          return false;
        }
        if (entry.isDirectory) {
          if (accept && !accept(toPosix(relative(root, entry.path)), true)) return false;
          return lifecycle.folder(entry);
        }
        if (lifecycle.beadsFile(entry, add)) return true;
        if (joinerOrConfig?.traits.joins) joiners.push({ dir: entry.parent, path: entry.path, format: joinerOrConfig.id, bytes: entry.bytes });
        else if (joinerOrConfig?.traits.config) {
          const existing = configs.get(entry.parent);
          if (!existing || entry.name === CONFIG_FILES[0]) configs.set(entry.parent, entry.path);
        } else {
          // By name; a name that only content confirms (babysit's history.jsonl) waits for its content.
          const record = recordFormatOf(segments, { likelyNames: false });
          if (record) add(projectDir(entry.path, record.placement), record.placement.slug, entry.path, record.format, entry.bytes);
          else if (entry.name.endsWith('.jsonl')) unclaimed.push(entry);
        }
        return true;
      }, { skip: options.skip ?? [] })),
      ...special,
    );
    for (const entry of unclaimed) {
      const format = await formatOfContent(entry.path, entry.name);
      if (format) add(entry.parent, null, entry.path, format, entry.bytes);
    }
    await lifecycle.finish(add);
    for (const h of joiners) {
      for (const p of pending.values()) {
        if (p.inputRoot !== root || p.dir !== h.dir) continue;
        if (h.refused === undefined) add(p.dir, p.slug, h.path, h.format, h.bytes);
        else if (!accept || accept(toPosix(relative(root, h.path)), false)) p.files.push({ path: h.path, rel: toPosix(relative(p.dir, h.path)), format: h.format, bytes: 0, refused: h.refused });
      }
    }
  }
  const ordered = [...pending.values()].sort((a, b) =>
    a.inputRoot === b.inputRoot ? (a.dir === b.dir ? (a.slug ?? '').localeCompare(b.slug ?? '') : a.dir < b.dir ? -1 : 1) : roots.indexOf(a.inputRoot) - roots.indexOf(b.inputRoot),
  );
  const used = new Set<string>();
  const projects: DiscoveredProject[] = [];
  // A folder name holding a secret (`run-ghp_…`) is published by the project's id (its URL), its
  // path and its title: each is made from the name with its secrets redacted (sec10).
  const names = options.redactNames ? await options.redactNames(ordered.flatMap((p) => [basename(p.inputRoot), toPosix(relative(p.inputRoot, p.dir))])) : (name: string): string => name;
  for (const p of ordered) {
    const rel = names(toPosix(relative(p.inputRoot, p.dir)));
    const rootName = names(basename(p.inputRoot));
    let base = slugify(rel === '' ? rootName : rel);
    if (p.slug !== null) base = `${base}--${slugify(p.slug)}`;
    base = boundId(base);
    let id = base;
    if (used.has(id)) id = boundId(`${slugify(rootName)}--${base}`);
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    p.files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    projects.push({
      id,
      dir: p.dir,
      slug: p.slug,
      inputRoot: p.inputRoot,
      displayRoot: rel === '' ? rootName : `${rootName}/${rel}`,
      files: p.files,
      config: configs.get(p.dir) ?? null,
    });
  }
  return { projects, problems };
}

