/**
 * `trailbook init`: writes a commented `trailbook.config.mjs` for the working folder (the
 * folders holding the records it finds, or the whole folder when it is a git work tree, so that
 * evidence resolves against its repository; a title, the base path) and prints the two commands
 * to run next. It never replaces a configuration that is there.
 */
import { lstat, writeFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { discoverProjects } from '../../lib/discover/discover.ts';
import { CONFIG_FILE_NAMES, findConfigFile } from '../../lib/config/load-config.ts';
import { plural, UsageError, type Output } from '../output.ts';

/** What `init` found and writes. */
export interface InitPlan {
  /** Input folders relative to the working folder (`.` when the records are in it, or when it is a git work tree: see `insteadOf`). */
  inputs: string[];
  title: string;
  /** Projects found, and their record formats (for the comment beside `inputs`). */
  projects: number;
  formats: string[];
  /**
   * The folders holding the records, when `inputs` is `.` only because the working folder is a
   * git work tree (its `.git` is there): evidence is resolved only against a repository inside
   * the inputs (src/lib/project/canonical-repository.ts), so listing them would leave every
   * pointer not checkable. Absent otherwise.
   */
  insteadOf?: string[];
}

/** The input folders for projects in `dirs` under `cwd`: `.` when one is in `cwd` itself, else each top-level folder holding one. */
export function inputsFor(cwd: string, dirs: readonly string[]): string[] {
  const tops = new Set<string>();
  for (const dir of dirs) {
    const rel = relative(cwd, dir);
    if (rel === '' || rel.startsWith('..')) return ['.'];
    tops.add(rel.split(sep)[0] as string);
  }
  return tops.size === 0 ? ['.'] : [...tops].sort();
}

/** A JavaScript string literal in single quotes, the one quote style of the file `init` writes (`'it\\'s here'`). */
export function jsString(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** The text of the configuration file `init` writes (an ES module, docs/configuration.md); every string in single quotes. */
export function configText(plan: InitPlan): string {
  const found = plan.projects === 0 ? 'no records found yet: put them here, or list their folders' : `found ${plural(plan.projects, 'project')}: ${plan.formats.join(', ')}`;
  return [
    '// Trailbook configuration, written by `trailbook init` (every key: docs/configuration.md).',
    '// Flags on the command line override these values; paths are relative to this file.',
    'export default {',
    "  // The archive's title: the header of every page and the end of every page title.",
    `  title: ${jsString(plan.title)},`,
    `  // Folders to read records from, walked recursively (${found}).`,
    ...(plan.insteadOf === undefined
      ? []
      : [
          '  // The whole folder: this is a git repository, and evidence is resolved only against a repository',
          `  // inside the inputs (listing ${plan.insteadOf.join(', ')} instead would leave every pointer not checkable).`,
        ]),
    `  inputs: [${plan.inputs.map(jsString).join(', ')}],`,
    "  // The path the archive is served under: '/' at a site's root, '/<repository>/' on GitHub Pages.",
    "  base: '/',",
    '  // The absolute URL the archive is published at, for absolute links in the exports and the feed.',
    "  // site: 'https://example.com/archive/',",
    '  // Where `trailbook build` writes the archive (default: dist/, or a folder in the per-user',
    '  // cache, ~/.cache/trailbook, when this folder is itself an input).',
    `  // out: ${jsString(`../${plan.title}-archive`)},`,
    '  // Links to the forge beside commits and files ("View on GitHub"); the first matching rule wins.',
    "  // repositories: [{ match: '*', forge: 'github', url: 'https://github.com/OWNER/REPOSITORY' }],",
    "  // Folders outside the inputs whose repositories a project's trailbook.json may name (its",
    "  // `repo`); without this only repositories inside the inputs are read (docs/security.md).",
    "  // allowRepositories: ['../repos'],",
    '};',
    '',
  ].join('\n');
}

/** Runs `trailbook init` in `cwd`; returns the exit code. Throws {@link UsageError} when a configuration is there. */
export async function runInit(out: Output, cwd: string = process.cwd()): Promise<number> {
  const existing = await findConfigFile(cwd);
  if (existing !== null) throw new UsageError(`${basename(existing)} is already here; trailbook init does not replace it`, 'edit that file (docs/configuration.md), or delete it and run trailbook init again');
  const discovery = await discoverProjects([cwd]);
  const formats = [...new Set(discovery.projects.flatMap((p) => p.files.map((f) => f.rel.split('/').at(-1) ?? f.rel)))].sort();
  const folders = inputsFor(cwd, discovery.projects.map((p) => p.dir));
  // A git work tree here: its repository is found only from inputs that hold it, so read the whole folder.
  const repository = await lstat(join(cwd, '.git')).then(
    () => true,
    () => false,
  );
  const inputs = repository ? ['.'] : folders;
  const plan: InitPlan = { inputs, title: basename(cwd), projects: discovery.projects.length, formats: formats.slice(0, 6).concat(formats.length > 6 ? ['…'] : []), ...(repository && folders.join() !== '.' ? { insteadOf: folders } : {}) };
  const file = join(cwd, CONFIG_FILE_NAMES[1]);
  await writeFile(file, configText(plan), { flag: 'wx' });
  out.info(`Wrote ${CONFIG_FILE_NAMES[1]}: inputs ${plan.inputs.join(', ')} (${plan.projects === 0 ? 'no records found yet' : plural(plan.projects, 'project')}), title "${plan.title}", base /.`);
  out.info('Next:');
  out.info('  trailbook check    (reads the records and lists every flag)');
  out.info('  trailbook build    (writes the archive; its last lines say where and what to open)');
  return 0;
}
