/**
 * `trailbook check [DIR...] [--json] [--strict] [--fail-on SEVERITY]`: discovery, parsing and
 * the layer-1 audit, without rendering. `--json` prints one `trailbook.check/1` document.
 */
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import type { ProjectModel, Severity } from '../../lib/model/types.ts';
import { CHECK_REPORT_VERSION, checkReportProblems, checkReportProject, reportJson } from '../../lib/report/check-report.ts';
import { SEVERITY_ORDER } from '../../lib/projections/flags.ts';
import { flagTotal, notVerifiedTotal, pointerTotal } from '../../lib/projections/counts.ts';
import { resolveSettings } from '../settings.ts';
import { fromCwd } from '../paths.ts';
import { plural, UsageError, type Output } from '../output.ts';
import { archiveProgress } from '../progress.ts';
import { printFaults, printFound, strictExitCode, totals } from '../summary.ts';

/** Options of `trailbook check`. */
export interface CheckOptions {
  /** `--config FILE`: inputs and include/exclude come from it. */
  config?: string;
  json?: boolean;
  strict?: boolean;
  failOn?: string;
  /** `--fail-on-unverified`: exit 1 when any evidence pointer is not VERIFIED. */
  failOnUnverified?: boolean;
  quiet?: boolean;
}

const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];

function printProjectText(out: Output, model: ProjectModel): void {
  const c = model.counts;
  out.result(`${model.id}  ${model.title}  (${model.root})`);
  out.result(`  ${plural(c.rows, 'row')}, ${plural(c.invalid, 'invalid row')}, ${plural(flagTotal(c), 'flag')} (${c.flags.high} high, ${c.flags.medium} medium, ${c.flags.low} low); repository: ${model.repository.path ?? model.repository.problem ?? 'none'}${model.repository.head ? ` @ ${model.repository.head.slice(0, 12)}` : ''}`);
  const pointers = pointerTotal(c);
  if (pointers > 0 || c.rows > 0) out.result(`  evidence: ${c.pointers.verified} of ${plural(pointers, 'pointer')} verified, ${c.pointers.failed} failed, ${c.pointers.notCheckable} not checkable; ${plural(c.checkFirst, 'row')} under Check first`);
  if (c.openBlockers > 0) out.result(`  ${plural(c.openBlockers, 'open blocker')}`);
  for (const f of model.flags) out.result(`  ${f.severity.padEnd(6)} ${f.kind}${f.layer === 'review' ? ' (reviewer, audit.json)' : ''}  ${f.summary}`);
  for (const i of model.invalid) out.result(`  invalid ${i.file}:${i.line}  ${i.error}`);
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
  const settings = await resolveSettings(dirs, options.config === undefined ? {} : { config: options.config });
  const roots = settings.roots;
  const progress = options.quiet ? undefined : archiveProgress(out);
  let first = true;
  if (options.json) out.result(`{\n  "version": "${CHECK_REPORT_VERSION}",\n  "projects": [`);
  const failing: string[] = [];
  const unverified: string[] = [];
  const result = await analyseArchive({
    roots,
    cacheDir: null,
    bdExport: settings.bdExport,
    ...(settings.accept ? { accept: settings.accept } : {}),
    ...(progress ? { onEvent: progress } : {}),
    onModel: (model) => {
      if (failOn !== null && model.flags.some((f) => SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER[failOn])) failing.push(model.id);
      if (notVerifiedTotal(model.counts) > 0) unverified.push(model.id);
      if (options.json) {
        const text = reportJson(checkReportProject(model)).replace(/\n/g, '\n    ');
        out.result(`${first ? '' : ',\n'}    ${text}`.replace(/^,\n/, ','));
        first = false;
      } else printProjectText(out, model);
    },
  });
  if (options.json) {
    const problems = reportJson(checkReportProblems(result.problems, fromCwd)).replace(/\n/g, '\n  ');
    out.result(`  ],\n  "problems": ${problems}\n}`);
  }
  const t = totals(result.projects);
  if (!options.quiet) {
    printFound(out, t, result.projects);
    printFaults(out, t, result.projects);
  }
  if (result.projects.length === 0) {
    out.error(`no project found in ${roots.map(fromCwd).join(', ')}; nothing was checked\n  fix: pass the folders that hold the records (decisions.jsonl, decisions.tsv, audit.json, .beads/, coordination logs)`);
    // A gate that checked nothing must not pass: a mistyped folder would turn CI green.
    if (failOn !== null || options.failOnUnverified || options.strict) return 2;
  }
  const list = (ids: string[]): string => `${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ', …' : ''}`;
  let failed = false;
  if (failOn !== null && failing.length > 0) {
    out.error(`${plural(failing.length, 'project')} with flags of severity ${failOn} or higher (--fail-on ${failOn}): ${list(failing)}`);
    failed = true;
  }
  if (options.failOnUnverified && unverified.length > 0) {
    out.error(`${plural(unverified.length, 'project')} with evidence that is not verified (--fail-on-unverified): ${list(unverified)}`);
    failed = true;
  }
  if (failed) return 1;
  return options.strict ? strictExitCode(out, t) : 0;
}
