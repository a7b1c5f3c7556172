/** The end-of-run summary both commands print: what was found, flags and invalid records (the pages' word: an invalid coordination event or beads line is no row). */
import type { ProjectSummary } from '../lib/archive/summary.ts';
import { countedAsWords } from '../lib/formats/format-lookup.ts';
import { archiveCounts, flagTotal, pointerTotal, type ArchiveCounts } from '../lib/projections/counts.ts';
import { projectWarnings } from '../lib/export/build-report.ts';
import { describeNeeds, worstProject } from '../lib/projections/needs-a-person.ts';
import { join } from 'node:path';
import { formatCount, plural, type Output } from './output.ts';
import { checkFirstCountsText, pointerCountsText, pointersAndProseText, projectName, severityCountsText } from '../lib/site/words.ts';
import { LOOKED_FOR } from '../lib/discover/discover.ts';
import { fromCwd } from './paths.ts';
import { secretFlagCounts } from '../lib/checks/security/secret-in-record.ts';
import { withoutAccepted, type AcceptedCounts } from '../lib/archive/accepted-counts.ts';
import { acceptedOfThemNote } from '../lib/site/accepted-words.ts';
import type { WalkProblem } from '../lib/fs/walk.ts';

/** Totals over all projects: the core's sums (src/lib/projections/counts.ts) and what only the build summary needs. */
export interface ArchiveTotals extends ArchiveCounts {
  notRead: number;
  /** Names of the projects with invalid records ({@link projectName}), in archive order. */
  projectsWithInvalidNames: string[];
  /** Projects per build-report warning kind (`audit-never-invoked`, `repository`, ...). */
  warnings: Record<string, number>;
  /** Secrets found (`security/secret-in-record` flags), the projects holding them, and how many were published as written (`--no-redact`). */
  secrets: { found: number; projects: number; notRedacted: number };
  /** Folders of the inputs that could not be read (`path: code`): they may hold records nobody saw. */
  unreadFolders: string[];
}

const UNREAD_FOLDER = 'cannot read folder: ';

/** The archive's totals; `problems`: discovery's (src/lib/fs/walk.ts), for the folders it could not read. */
export function totals(projects: readonly ProjectSummary[], problems: readonly WalkProblem[] = []): ArchiveTotals {
  const unreadFolders = problems.filter((p) => p.problem.startsWith(UNREAD_FOLDER)).map((p) => `${fromCwd(p.path)}: ${p.problem.slice(UNREAD_FOLDER.length)}`);
  const t: ArchiveTotals = { ...archiveCounts(projects), notRead: 0, projectsWithInvalidNames: [], warnings: {}, secrets: { found: 0, projects: 0, notRedacted: 0 }, unreadFolders };
  for (const p of projects) {
    const secrets = secretFlagCounts(p.flags);
    if (secrets.found > 0) t.secrets.projects++;
    t.secrets.found += secrets.found;
    t.secrets.notRedacted += secrets.notRedacted;
    for (const kind of new Set(projectWarnings(p).map((w) => w.kind))) t.warnings[kind] = (t.warnings[kind] ?? 0) + 1;
    t.notRead += p.sources.filter((s) => s.notRead).length;
    if (p.counts.invalid > 0) t.projectsWithInvalidNames.push(projectName(p));
  }
  return t;
}

/** Prints what was found: projects and rows per source format; and, for `.beads/` folders kept only in a database, the command that exports them (src/lib/beads/beads-store.ts). */
export function printFound(out: Output, t: ArchiveTotals, projects: readonly ProjectSummary[] = []): void {
  const formats = Object.entries(t.rowsByFormat)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([f, n]) => `${formatCount(n ?? 0)} ${countedAsWords(f, n ?? 0)}`);
  out.info(`Read ${plural(t.projects, 'project')}: ${formats.length > 0 ? formats.join(', ') : 'no rows'}${t.notRead > 0 ? `; ${plural(t.notRead, 'source')} not read yet` : ''}.`);
  const stores = projects.flatMap((p) => p.sources.filter((s) => s.format === 'beads' && s.notRead && s.path.endsWith('.beads')).map((s) => `  ${projectName(p)}: ${s.notRead}`));
  for (const line of stores.slice(0, 10)) out.info(line);
  if (stores.length > 10) out.info(`  … and ${stores.length - 10} more (each is listed in the build report)`);
}

/**
 * What to say when the inputs hold no record: which file names and folders make a project
 * (src/lib/discover/discover.ts `LOOKED_FOR`), and how to start. No recap is promised: there is none.
 *
 * @param consequence - Words after the folders (`, so nothing was checked`).
 */
export function nothingFoundLines(roots: readonly string[], consequence = ''): string[] {
  const where = roots.map((r) => (fromCwd(r) === '.' ? 'the working folder' : fromCwd(r))).join(', ');
  return [
    `No records found in ${where}${consequence}. A folder is a project when it holds one of these:`,
    ...LOOKED_FOR.map((g) => `  ${g.what}: ${g.names.join(', ')}`),
    'To start: run `trailbook init` to write a trailbook.config.mjs that names the folders holding your records, or `trailbook build --example` to see an archive of the example that comes with Trailbook.',
  ];
}

/**
 * Where the summary's warnings are listed one by one: `report`, the build report the build
 * writes; `names`, nowhere else (check writes no report): a line per kind names its projects,
 * the first {@link WARNING_NAMES} of them.
 */
export type WarningsListed = 'report' | 'names';

/** Projects a warning kind's line of check's summary names before `… and N more`. */
export const WARNING_NAMES = 10;

/** The projects of each warning kind, by name (build-report.ts `projectWarnings`), in archive order. */
function warnedNames(projects: readonly ProjectSummary[]): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const p of projects) for (const kind of new Set(projectWarnings(p).map((w) => w.kind))) names.set(kind, [...(names.get(kind) ?? []), projectName(p)]);
  return names;
}

/**
 * Prints the flags and invalid-row summary. Flags `accepted` in the baseline (issue 32) are
 * counted with the rest and said apart: how many of them are accepted, not open. `warningsListed`: where each warning
 * is listed ({@link WarningsListed}).
 */
export function printFaults(out: Output, t: ArchiveTotals, projects: readonly ProjectSummary[], accepted: { counts: AcceptedCounts; file: string } | null = null, warningsListed: WarningsListed = 'report'): void {
  const flagged = projects.filter((p) => flagTotal(p.counts) > 0);
  const acceptedOfProject = (id: string): number => {
    const a = accepted?.counts.get(id);
    return a ? a.high + a.medium + a.low : 0;
  };
  const acceptedAll = flagged.reduce((n, p) => n + acceptedOfProject(p.id), 0);
  const note = accepted && acceptedAll > 0 ? ` (${acceptedOfThemNote(acceptedAll, accepted.file)})` : '';
  out.info(`Flags: ${severityCountsText(t.flags)}, in ${plural(flagged.length, 'project')}${note}.`);
  for (const p of flagged.slice(0, 20)) {
    const c = p.counts.flags;
    const n = acceptedOfProject(p.id);
    out.info(`  ${projectName(p)}: ${severityCountsText(c)}${n > 0 ? `; ${n} accepted` : ''}`);
  }
  if (flagged.length > 20) out.info(`  … and ${flagged.length - 20} more`);
  out.info(`Invalid records: ${formatCount(t.invalid)}${t.invalid > 0 ? ` (kept with their raw text, shown in ${t.projectsWithInvalidNames.slice(0, 10).join(', ')}${t.projectsWithInvalidNames.length > 10 ? ', …' : ''})` : ''}.`);
  const e = t.pointers;
  const pointers = pointerTotal(t);
  if (pointers > 0) out.info(`Evidence: ${pointersAndProseText(e)}: ${pointerCountsText(e)}; ${checkFirstCountsText(t)}.`);
  if (t.openBlockers > 0) out.info(`Open blockers: ${formatCount(t.openBlockers)}.`);
  printSecrets(out, t);
  const warned = Object.entries(t.warnings).sort(([a], [b]) => (a < b ? -1 : 1));
  if (warned.length === 0) return;
  const what = ([kind, n]: [string, number]): string => `${plural(n, 'project')} ${WARNING_WORDS[kind] ?? kind}`;
  if (warningsListed === 'report') {
    out.info(`Warnings: ${warned.map(what).join('; ')} (each is listed in the build report).`);
    return;
  }
  // check writes no build report: a line under it names the projects of each kind (names may hold commas).
  out.info(`Warnings: ${warned.map(what).join('; ')}.`);
  const names = warnedNames(projects);
  for (const [kind] of warned) {
    const of = names.get(kind) ?? [];
    out.info(`  projects ${WARNING_WORDS[kind] ?? kind}: ${of.slice(0, WARNING_NAMES).join('; ')}${of.length > WARNING_NAMES ? `; … and ${formatCount(of.length - WARNING_NAMES)} more` : ''}`);
  }
}

/**
 * The secrets line: how many were found and redacted (each a `security/secret-in-record` flag,
 * by kind and place); under `--no-redact`, a warning that they are published as written.
 */
export function printSecrets(out: Output, t: Pick<ArchiveTotals, 'secrets'>): void {
  const s = t.secrets;
  if (s.found === 0) return;
  const found = `${plural(s.found, 'secret')} in ${plural(s.projects, 'project')}`;
  if (s.notRedacted > 0) out.error(`WARNING: --no-redact: ${found} ${s.notRedacted === 1 ? 'is' : 'are'} published as written in this archive. Do not publish it where anyone who must not see them can read it (each is a security/secret-in-record flag).`);
  else out.info(`Secrets: ${found}, each replaced by [redacted: its kind] in every page, index and export (security/secret-in-record flags name each by kind and place).`);
}

/** How the summary names each build-report warning kind (src/lib/export/build-report.ts). */
const WARNING_WORDS: Record<string, string> = {
  repository: 'with git checks inconclusive',
  'not-read': 'with records in a format not read yet',
  'audit-invalid': 'with an invalid audit.json',
  'audit-not-reviewed': 'not reviewed by the handover audit',
  'audit-never-invoked': 'whose handover audit was never invoked',
  secrets: 'holding secrets',
};

/** Whether `--strict` finds a fault: an invalid record, a high-severity flag, or a folder of the inputs that could not be read. */
export function strictFault(t: ArchiveTotals): string | null {
  const unread = t.unreadFolders.length > 0 ? `${plural(t.unreadFolders.length, 'folder')} that could not be read (${t.unreadFolders.slice(0, 3).join(', ')}${t.unreadFolders.length > 3 ? ', …' : ''})` : '';
  const faults = [t.invalid > 0 ? plural(t.invalid, 'invalid record') : '', t.flags.high > 0 ? plural(t.flags.high, 'high-severity flag') : '', unread].filter(Boolean);
  return faults.length > 0 ? faults.join(' and ') : null;
}

/**
 * `--strict`: reports the faults and returns exit code 1 when there are any, else 0.
 * `checkArgs`, from `build`, whose log names no record file or line: the words after
 * `trailbook check` that list each fault with its file and line (found by use7: a CI log of
 * `build --strict` said "2 invalid rows and 2 high-severity flags" and nowhere where they are).
 */
export function strictExitCode(out: Output, t: ArchiveTotals, checkArgs?: readonly string[]): number {
  const fault = strictFault(t);
  if (fault === null) return 0;
  out.error(`--strict: ${fault}`);
  const found = t.invalid > 0 || t.flags.high > 0;
  if (checkArgs && found) out.info(`  fix: \`${['trailbook', 'check', ...checkArgs, '--strict'].map(shellWord).join(' ')}\` lists each with its record file and line`);
  return 1;
}

/** A command line word as a shell reads it back: quoted when it holds anything but plain characters. */
export function shellWord(word: string): string {
  return /^[\w./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The closing line when something needs a person: the project to start with
 * (src/lib/projections/needs-a-person.ts), what it has, and where its recap is in `outDir`:
 * its `recap.html` when the build wrote one (`--recap-html`), else its recap page, which needs
 * the archive served. After `check`, which renders nothing, it names the build command that
 * writes that recap.html. Flags `accepted` in the baseline (issue 32) are no open fault: they
 * neither pick the project nor are named in what it has.
 */
export function printNextStep(out: Output, projects: readonly ProjectSummary[], outDir: string, build: { built: true; recapHtml: boolean; base: string } | { built: false; args: readonly string[] }, accepted: AcceptedCounts = new Map()): void {
  const worst = worstProject(projects.map((p) => withoutAccepted(p, accepted)));
  if (worst === null) return;
  const id = worst.project.id;
  const recap = fromCwd(join(outDir, 'p', id, 'recap.html'));
  const first = `Next: start with ${projectName(worst.project)}: ${describeNeeds(worst.needs)}.`;
  if (!build.built) out.info(`${first} Run \`${['trailbook', 'build', ...build.args, '--recap-html'].map(shellWord).join(' ')}\`, then open ${recap}`);
  else if (build.recapHtml) out.info(`${first} Open ${recap}`);
  // The address to open, as "Look at it" gives the home's (use10: "Its recap is /p/shop/ of the served archive" left a person to join the two).
  else out.info(`${first} Its recap: http://127.0.0.1:4321${build.base}p/${id}/ while \`${serveCommand(outDir)}\` runs; its Download list makes the single-file recap.html`);
}

/** The command that serves the archive in `outDir` at its base (src/cli/commands/serve.ts reads the base from the archive). */
export function serveCommand(outDir: string): string {
  return ['trailbook', 'serve', fromCwd(outDir)].map(shellWord).join(' ');
}

/**
 * The build's closing lines on how to look at the archive (issue 32): the command that serves it
 * at its base path, the address to open, and what publishing it takes. Pages link from the base
 * path (`/audit/p/<id>/`), so `index.html` does not open from disk, and a host must serve the
 * output folder itself at the base: for `--base /audit/ --out pub/audit`, `pub/` as the site's root.
 */
export function viewLines(outDir: string, base: string, recapHtml: boolean): string[] {
  const folder = fromCwd(outDir);
  const offline = recapHtml ? "each project's recap.html also opens from disk" : "each recap's Download list makes a recap.html that opens from disk (or build with --recap-html to write them all)";
  const host = base === '/' ? `serve ${folder} as the root of any static web server` : `a static web server must serve ${folder} at ${base}, not at its root (every link starts with ${base})`;
  return [`Look at it: ${serveCommand(outDir)}    (then open http://127.0.0.1:4321${base})`, `Publish it: ${host}; index.html does not open from disk, but ${offline}.`];
}
