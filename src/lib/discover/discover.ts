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
import { walk, type WalkProblem } from '../fs/walk.ts';
import { QUALITY_RECORD_PATHS, qualityRecordOf } from './quality-files.ts';
import { beadsProjectOf, LifecycleFiles } from '../lifecycle/discover-lifecycle.ts';
import { BABYSIT_FILE_NAMES, BEADS_FOLDER, COORD_FILE_NAMES } from '../lifecycle/sniff-record-file.ts';

/** The file read as a project's handover report (src/lib/handover/read-handover.ts). */
export const HANDOVER_FILE = 'handover.md';

/** The result of discovery over all input roots. */
export interface Discovery {
  projects: DiscoveredProject[];
  problems: WalkProblem[];
}

/** Config file names, in order of preference. */
export const CONFIG_FILES = ['trailbook.json', 'project.json'] as const;

/** A bbs decision trail's file name (decision trail, Part 1). */
export const BBS_TRAIL_FILE = 'decisions.jsonl';
/** A pstack trail's file name; pstack also keeps one trail per slug as `.audit/<slug>.tsv` (spec/input.md section 1). */
export const PSTACK_TRAIL_FILE = 'decisions.tsv';
/** The folder of pstack's per-slug trails. */
export const PSTACK_AUDIT_FOLDER = '.audit';
/** The handover audit's result file (decision trail, Part 2, "Result file"). */
export const AUDIT_FILE = 'audit.json';

/**
 * What discovery looks for, as a person reads it, grouped by what the records are: the file
 * names and folders of {@link recordByName} (a folder holding one is a project). The CLI says
 * this when it finds nothing.
 */
export const LOOKED_FOR: ReadonlyArray<{ what: string; names: readonly string[] }> = [
  { what: 'decision trails', names: [BBS_TRAIL_FILE, PSTACK_TRAIL_FILE, `${PSTACK_AUDIT_FOLDER}/<slug>.tsv`] },
  { what: 'handover audit', names: [AUDIT_FILE] },
  { what: 'coordination', names: [...COORD_FILE_NAMES, `${BEADS_FOLDER}/`, ...BABYSIT_FILE_NAMES, 'any .jsonl of coord.v1 events'] },
  { what: 'design and verdicts', names: QUALITY_RECORD_PATHS },
];

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
}

/** The project folder, slug and format a record file would have by its name alone, or null. */
function recordByName(parent: string, name: string): { dir: string; slug: string | null; format: SourceFormat } | null {
  const beads = beadsProjectOf(parent);
  if (beads !== null) return name.endsWith('.jsonl') ? { dir: beads, slug: null, format: 'beads' } : null;
  if (name === BBS_TRAIL_FILE) return { dir: parent, slug: null, format: 'bbs-trail' };
  if (name === PSTACK_TRAIL_FILE) return { dir: parent, slug: null, format: 'pstack-trail' };
  if (basename(parent) === PSTACK_AUDIT_FOLDER && name.endsWith('.tsv')) return { dir: dirname(parent), slug: name.slice(0, -'.tsv'.length), format: 'pstack-trail' };
  if (name === AUDIT_FILE) return { dir: parent, slug: null, format: 'audit' };
  if (COORD_FILE_NAMES.has(name)) return { dir: parent, slug: null, format: 'coord' };
  if (BABYSIT_FILE_NAMES.has(name)) return { dir: parent, slug: null, format: 'babysit-history' };
  const quality = qualityRecordOf(parent, name);
  return quality ? { dir: quality.dir, slug: null, format: quality.format } : null;
}

/**
 * Whether a path names a record that is only a claim: a decision trail (`decisions.jsonl`,
 * `decisions.tsv`, `.audit/<slug>.tsv`), a handover audit (`audit.json`), a handover report
 * or a project config, of this project or any other. Such a file states what was done; it
 * cannot be the evidence that it was (evidence/self-citation). Design documents, verdicts,
 * reviews and premise rows are records Trailbook checks in turn, and may be cited.
 */
export function isClaimPath(path: string): boolean {
  const parts = path.split('/');
  const name = parts.at(-1) ?? '';
  const parent = parts.at(-2) ?? '';
  return name === BBS_TRAIL_FILE || name === PSTACK_TRAIL_FILE || (parent === PSTACK_AUDIT_FOLDER && name.endsWith('.tsv')) || name === AUDIT_FILE || name === HANDOVER_FILE || (CONFIG_FILES as readonly string[]).includes(name);
}

/**
 * Whether a path inside a repository (`/`-separated, relative) names a file Trailbook reads as
 * a record, by its name alone: a trail, an audit, a coordination or beads log, a design or
 * verdict document, a premise file, a project config or a handover report. A claim written in
 * one is not evidence of itself (src/lib/evidence/tree-search.ts skips them).
 */
export function isRecordPath(path: string): boolean {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  const parent = `/${parts.join('/')}`.replace(/\/$/, '') || '/';
  return recordByName(parent.split('/').join(sep), name) !== null || (CONFIG_FILES as readonly string[]).includes(name) || name === HANDOVER_FILE;
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
    // A handover report joins the project whose records sit beside it; alone it makes none.
    const handovers: Array<{ dir: string; path: string; bytes: number; refused?: string }> = [];
    problems.push(
      ...(await walk(root, (entry) => {
        if (entry.refused !== undefined) {
          if (entry.name === HANDOVER_FILE) handovers.push({ dir: entry.parent, path: entry.path, bytes: 0, refused: entry.refused });
          // A refused link named like a record file is listed in its project as not read; by name only.
          const record = recordByName(entry.parent, entry.name);
          if (record && (!accept || accept(toPosix(relative(root, entry.path)), false))) {
            project(record.dir, record.slug).files.push({ path: entry.path, rel: toPosix(relative(record.dir, entry.path)), format: record.format, bytes: 0, refused: entry.refused });
          }
          return false;
        }
        if (entry.isDirectory) {
          if (accept && !accept(toPosix(relative(root, entry.path)), true)) return false;
          return lifecycle.folder(entry);
        }
        if (lifecycle.beadsFile(entry, add)) return true;
        const parentName = basename(entry.parent);
        if (entry.name === BBS_TRAIL_FILE) add(entry.parent, null, entry.path, 'bbs-trail', entry.bytes);
        else if (entry.name === PSTACK_TRAIL_FILE) add(entry.parent, null, entry.path, 'pstack-trail', entry.bytes);
        else if (parentName === PSTACK_AUDIT_FOLDER && entry.name.endsWith('.tsv')) {
          add(dirname(entry.parent), entry.name.slice(0, -'.tsv'.length), entry.path, 'pstack-trail', entry.bytes);
        } else if (entry.name === AUDIT_FILE) add(entry.parent, null, entry.path, 'audit', entry.bytes);
        else if (entry.name === HANDOVER_FILE) handovers.push({ dir: entry.parent, path: entry.path, bytes: entry.bytes });
        else if ((CONFIG_FILES as readonly string[]).includes(entry.name)) {
          const existing = configs.get(entry.parent);
          if (!existing || entry.name === 'trailbook.json') configs.set(entry.parent, entry.path);
        } else {
          const quality = qualityRecordOf(entry.parent, entry.name);
          if (quality) add(quality.dir, null, entry.path, quality.format, entry.bytes);
          else lifecycle.other(entry);
        }
        return true;
      })),
    );
    await lifecycle.finish(add);
    for (const h of handovers) {
      for (const p of pending.values()) {
        if (p.inputRoot !== root || p.dir !== h.dir) continue;
        if (h.refused === undefined) add(p.dir, p.slug, h.path, 'handover', h.bytes);
        else if (!accept || accept(toPosix(relative(root, h.path)), false)) p.files.push({ path: h.path, rel: toPosix(relative(p.dir, h.path)), format: 'handover', bytes: 0, refused: h.refused });
      }
    }
  }
  const ordered = [...pending.values()].sort((a, b) =>
    a.inputRoot === b.inputRoot ? (a.dir === b.dir ? (a.slug ?? '').localeCompare(b.slug ?? '') : a.dir < b.dir ? -1 : 1) : roots.indexOf(a.inputRoot) - roots.indexOf(b.inputRoot),
  );
  const used = new Set<string>();
  const projects: DiscoveredProject[] = [];
  for (const p of ordered) {
    const rel = toPosix(relative(p.inputRoot, p.dir));
    const rootName = basename(p.inputRoot);
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
