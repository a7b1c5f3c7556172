/**
 * `trailbook check [DIR...] [--json] [--strict] [--fail-on SEVERITY]`: discovery, parsing and
 * the layer-1 audit, without rendering. `--json` prints one `trailbook.check/1` document;
 * `--format github`, `sarif` and `markdown` put the flags where reviewers look (issue 32).
 * Flags accepted in `trailbook.baseline.json` (src/lib/baseline/) are shown as accepted,
 * counted apart, and skipped by `--fail-on`.
 */
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import type { ProjectModel, Severity } from '../../lib/model/types.ts';
import { CHECK_REPORT_VERSION, checkReportProblems, checkReportProject, reportJson } from '../../lib/report/check-report.ts';
import { SEVERITY_ORDER } from '../../lib/projections/flags.ts';
import { flagTotal, notVerifiedTotal, pointerTotal, problemTotal } from '../../lib/projections/counts.ts';
import { githubAnnotations } from '../../lib/report/github-annotations.ts';
import { sarifCutMessage, sarifLog } from '../../lib/report/sarif.ts';
import { markdownSummary, type GateResult } from '../../lib/report/markdown-summary.ts';
import { acceptedFlags, unmatchedEntries } from '../../lib/baseline/accepted-flags.ts';
import { acceptedOf, type AcceptedCounts } from '../../lib/archive/accepted-counts.ts';
import { archiveRoot } from '../../lib/export/site-url.ts';
import { readBaseline } from '../baseline-file.ts';
import type { ProjectCounts } from '../../lib/model/types.ts';
import { flagPlaceAndText, type LocatedProject } from '../../lib/report/flag-places.ts';
import { relative, sep } from 'node:path';
import { resolveSettings } from '../settings.ts';
import { fromCwd, packageVersion } from '../paths.ts';
import { checkFirstCountsText, pointerCountsText, pointersAndProseText, projectName, severityCountsText } from '../../lib/site/words.ts';
import { gitChecksProblem } from '../../lib/projections/git-checks.ts';
import { plural, printJson, printProblem, UsageError, type Output } from '../output.ts';
import { archiveProgress } from '../progress.ts';
import { repositoryAboveLines } from '../repository-above.ts';
import { nothingFoundLines, printFaults, printFound, printNextStep, strictExitCode, strictFault, totals } from '../summary.ts';

/** Options of `trailbook check`. */

/**
 * A project's repository on its check line: its path, or `none`, with why git checks are
 * inconclusive as the recap's badge says it (`none (git checks inconclusive: no repository)`).
 */
function repositoryText(path: string | null | undefined, problem: string | null): string {
  if (path) return path;
  return problem ? `none (git checks inconclusive: ${problem})` : 'none';
}
export interface CheckOptions {
  /** `--config FILE`: inputs and include/exclude come from it. */
  config?: string;
  /** `--example`: check the bundled example corpus. */
  example?: boolean;
  json?: boolean;
  /** `--format text|json|github|sarif` (`--json` is `--format json`). */
  format?: string;
  strict?: boolean;
  failOn?: string;
  /** `--fail-on-unverified`: exit 1 when any evidence pointer is not VERIFIED. */
  failOnUnverified?: boolean;
  quiet?: boolean;
  /** `--baseline FILE`: the accepted flags (default: trailbook.baseline.json in the working folder, or beside the configuration file, when there is one). */
  baseline?: string;
  /** `--site URL`: the published archive's address, for links in `--format markdown` (default: the configuration's `site`). */
  site?: string;
  /** `--base PATH`: the archive's base path, with `--site` given as an origin (default: the configuration's `base`). */
  base?: string;
}

const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];
const FORMATS = ['text', 'json', 'github', 'sarif', 'markdown'] as const;
type Format = (typeof FORMATS)[number];

/** The output format asked for; throws {@link UsageError} for an unknown one or a contradiction. */
function outputFormat(options: CheckOptions): Format {
  const format = options.format ?? (options.json ? 'json' : 'text');
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format ${format} is not a format`, `use --format ${FORMATS.join(', --format ')}`);
  if (options.json && format !== 'json') throw new UsageError(`--json and --format ${format} ask for two formats`, `pass one of them`);
  return format as Format;
}

/** A path from the working folder (the repository root in CI), `/`-separated. */
function repositoryPath(dir: string): string {
  return relative(process.cwd(), dir).split(sep).join('/');
}

/** The project's header line: its name (title, with the id where it says more: src/lib/site/words.ts `projectName`), then its folder when that says something more (`myproj (tickets-myproj)  tickets/myproj`, not `myproj  myproj  (myproj)`). */
export function projectHeader(model: Pick<ProjectModel, 'id' | 'title' | 'root'>): string {
  const name = projectName(model);
  return model.root === model.title || model.root === model.id ? name : `${name}  ${model.root}`;
}

function printProjectText(out: Output, model: ProjectModel, accepted: ReadonlyArray<string | null>): void {
  const c = model.counts;
  const acceptedHere = accepted.filter((a) => a !== null).length;
  // The problems still open when the baseline accepts some flags, as the archive home counts them (count15: "15 problems" beside the home's "12 problems").
  const open = acceptedHere > 0 ? acceptedOf(model.flags, accepted)?.open.problems : undefined;
  const problemsWords = open ? plural(open.high + open.medium + open.low, 'open problem') : plural(problemTotal(c), 'problem');
  out.result(projectHeader(model));
  // A project without a decision trail says what it holds instead of "0 rows" (beads issues, coordination events, verdicts).
  const held = [
    c.rows > 0 ? plural(c.rows, 'row') : '',
    model.beads ? plural(model.beads.issues.length, 'beads issue') : '',
    model.coordination ? plural(model.coordination.events.length, 'coordination event') : '',
    model.babysit ? plural(model.babysit.entries.length, 'babysit entry', 'babysit entries') : '',
  ].filter((t) => t !== '');
  const records = held.length > 0 ? held.join(', ') : plural(0, 'row');
  out.result(`  ${records}, ${plural(c.invalid, 'invalid record')}, ${plural(flagTotal(c), 'flag')} (${severityCountsText(c.flags)}${acceptedHere > 0 ? `; ${acceptedHere} accepted` : ''}), ${problemsWords}; repository: ${repositoryText(model.repository.path, gitChecksProblem(model))}${model.repository.head ? ` @ ${model.repository.head.slice(0, 12)}` : ''}`);
  const pointers = pointerTotal(c);
  if (pointers > 0 || c.rows > 0) out.result(`  evidence: ${pointersAndProseText(c.pointers)}: ${pointerCountsText(c.pointers)}; ${checkFirstCountsText(c)}`);
  if (c.openBlockers > 0) out.result(`  ${plural(c.openBlockers, 'open blocker')}`);
  // An invalid record is said once: by the flag at its place whose summary says its error (each
  // reader's kinds are flagged, src/lib/checks/invalid-records.ts), marked as one; a record no
  // flag says is listed on its own (use16: each was said twice, a flag line and an "invalid" line).
  const invalidAt = new Map<string, ProjectModel['invalid']>();
  for (const r of model.invalid) {
    const key = `${r.file}\u0000${String(r.line)}`;
    invalidAt.set(key, [...(invalidAt.get(key) ?? []), r]);
  }
  const said = new Set<ProjectModel['invalid'][number]>();
  // Each flag's first file:line before its summary (flag-places.ts `flagPlaceAndText`), as a compiler says where.
  model.flags.forEach((f, i) => {
    const { place, text } = flagPlaceAndText(f);
    const record = f.at.flatMap((a) => invalidAt.get(`${a.file}\u0000${String(a.line)}`) ?? []).find((r) => !said.has(r) && f.summary.includes(r.error));
    if (record) said.add(record);
    out.result(`  ${f.severity.padEnd(6)} ${f.kind}${f.layer === 'review' ? ' (reviewer, audit.json)' : ''}  ${place ? `${place}  ` : ''}${text}${record ? '  [invalid record]' : ''}${accepted[i] ? `  [accepted: ${accepted[i]}]` : ''}`);
  });
  // Line 0 is the whole file (not read): named by its file, as the other formats do.
  for (const i of model.invalid) if (!said.has(i)) out.result(`  invalid ${i.line > 0 ? `${i.file}:${i.line}` : i.file}  ${i.error}`);
}

/** Runs the check command; returns the exit code. */
export async function runCheck(dirs: string[], options: CheckOptions, out: Output): Promise<number> {
  let failOn: Severity | null = null;
  if (options.failOn !== undefined) {
    if (!(SEVERITIES as readonly string[]).includes(options.failOn)) {
      throw new UsageError(`--fail-on ${options.failOn} is not a severity`, 'use --fail-on high, --fail-on medium or --fail-on low');
    }
    failOn = options.failOn as Severity;
  }
  const format = outputFormat(options);
  const json = format === 'json';
  const settings = await resolveSettings(dirs, { ...(options.config === undefined ? {} : { config: options.config }), ...(options.example ? { example: true } : {}), ...(options.site === undefined ? {} : { site: options.site }), ...(options.base === undefined ? {} : { base: options.base }) });
  const baseline = await readBaseline(options.baseline, settings.loaded?.file ?? null);
  const used = new Set<string>();
  let acceptedCount = 0;
  /** Per project, its accepted flags and what stays open (for the "Next:" line). */
  const acceptedByProject: AcceptedCounts = new Map();
  const roots = settings.roots;
  const progress = options.quiet ? undefined : archiveProgress(out);
  let first = true;
  if (json) printJson(out, `{\n  "version": "${CHECK_REPORT_VERSION}",\n  "projects": [`);
  // --format github, sarif and markdown need every project's flags before they print (SARIF is one document).
  const flagged: Array<{ project: LocatedProject['project']; counts: Pick<ProjectCounts, 'invalid'> }> = [];
  const failing: string[] = [];
  const unverified: string[] = [];
  const result = await analyseArchive({
    roots,
    cacheDir: null,
    repositoryRules: settings.repositories,
    bdExport: settings.bdExport,
    allowRepositories: settings.allowRepositories,
    secrets: settings.secrets,
    ...(settings.accept ? { accept: settings.accept } : {}),
    ...(progress ? { onEvent: progress } : {}),
    onModel: (model) => {
      const accepted = acceptedFlags(baseline, model, model.flags, used);
      acceptedCount += accepted.filter((a) => a !== null).length;
      const open = acceptedOf(model.flags, accepted);
      if (open) acceptedByProject.set(model.id, open);
      // An accepted flag does not fail the gate (issue 32); it is still listed, as accepted.
      if (failOn !== null && model.flags.some((f, i) => accepted[i] === null && SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER[failOn])) failing.push(projectName(model));
      if (notVerifiedTotal(model.counts) > 0) unverified.push(projectName(model));
      if (json) {
        const text = reportJson(checkReportProject(model, accepted)).replace(/\n/g, '\n    ');
        printJson(out, `${first ? '' : ',\n'}    ${text}`.replace(/^,\n/, ','));
        first = false;
      } else if (format === 'text') printProjectText(out, model, accepted);
      else {
        const { id, title, flags, sources } = checkReportProject(model, accepted);
        flagged.push({ project: { id, title, flags, sources }, counts: { invalid: model.counts.invalid } });
      }
    },
  });
  const located = (): LocatedProject[] => flagged.map(({ project }) => ({ project, dir: repositoryPath(result.projectDirs.get(project.id) ?? process.cwd()) }));
  if (format === 'github') for (const line of githubAnnotations(located())) out.result(line);
  if (format === 'sarif') {
    const log = sarifLog(located(), { name: 'Trailbook', version: packageVersion() }) as { runs: Array<{ properties?: { omittedResults?: number }; results: unknown[] }> };
    printJson(out, reportJson(log));
    const run = log.runs[0];
    if (run?.properties?.omittedResults) out.info(`  note: ${sarifCutMessage(run.properties.omittedResults, run.results.length)}`);
  }
  const unmatched = unmatchedEntries(baseline, used);
  if (json) {
    const problems = reportJson(checkReportProblems(result.problems, fromCwd)).replace(/\n/g, '\n  ');
    printJson(out, `  ],\n  "problems": ${problems}\n}`);
  }
  const t = totals(result.projects, result.problems);
  if (!options.quiet && result.projects.length > 0) {
    printFound(out, t, result.projects);
    printFaults(out, t, result.projects, baseline ? { counts: acceptedByProject, file: baseline.file } : null, 'names');
    for (const line of await repositoryAboveLines(roots, result.projects, result.projectDirs, 'check')) out.info(line);
    printNextStep(out, result.projects, settings.outDir, { built: false, args: [...dirs, ...(options.example ? ['--example'] : []), ...(options.config === undefined ? [] : ['--config', options.config])] }, acceptedByProject);
  }
  if (result.projects.length === 0) {
    printProblem(out, nothingFoundLines(roots, ', so nothing was checked'));
    // A gate that checked nothing must not pass: a mistyped folder would turn CI green.
    if (failOn !== null || options.failOnUnverified || options.strict) return 2;
  }
  const list = (ids: string[]): string => `${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ', …' : ''}`;
  const gates: GateResult[] = [];
  if (failOn !== null) gates.push({ gate: `--fail-on ${failOn}`, failed: failing.length > 0 ? `${plural(failing.length, 'project')} with flags of severity ${failOn} or higher${acceptedCount > 0 ? ' not accepted' : ''}: ${list(failing)}` : null });
  if (options.failOnUnverified) gates.push({ gate: '--fail-on-unverified', failed: unverified.length > 0 ? `${plural(unverified.length, 'project')} with evidence that is not verified: ${list(unverified)}` : null });
  if (options.strict) gates.push({ gate: '--strict', failed: strictFault(t) });
  if (format === 'markdown') {
    const root = settings.siteUrl ? archiveRoot(settings.siteUrl, settings.base) : null;
    const text = markdownSummary({ projects: located().map((l, i) => ({ located: l, counts: (flagged[i] as (typeof flagged)[number]).counts })), gates, root, baseline: baseline ? { file: baseline.file, unmatched: unmatched.length } : null, version: packageVersion() });
    for (const line of text.replace(/\n$/, '').split('\n')) out.result(line);
  }
  if (baseline && !options.quiet) {
    out.info(`Accepted: ${plural(acceptedCount, 'flag')} of ${baseline.file} (shown, skipped by --fail-on)${unmatched.length > 0 ? `; ${unmatched.length === 1 ? '1 entry matches' : `${unmatched.length} entries match`} no flag any more (fixed, or its row or cause changed): run trailbook baseline to drop ${unmatched.length === 1 ? 'it' : 'them'}` : ''}.`);
  }
  let failed = false;
  if (failOn !== null && failing.length > 0) {
    out.error(`${plural(failing.length, 'project')} with flags of severity ${failOn} or higher${acceptedCount > 0 ? ' not accepted in the baseline' : ''} (--fail-on ${failOn}): ${list(failing)}`);
    failed = true;
  }
  if (options.failOnUnverified && unverified.length > 0) {
    out.error(`${plural(unverified.length, 'project')} with evidence that is not verified (--fail-on-unverified): ${list(unverified)}`);
    failed = true;
  }
  if (failed) return 1;
  return options.strict ? strictExitCode(out, t) : 0;
}
