/**
 * `trailbook check [DIR...] [--json] [--strict] [--fail-on SEVERITY]`: discovery, parsing and
 * the layer-1 audit, without rendering. `--json` prints one `trailbook.check/1` document.
 */
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import type { ProjectModel, Severity } from '../../lib/model/types.ts';
import { CHECK_REPORT_VERSION, checkReportProblems, checkReportProject } from '../../lib/report/check-report.ts';
import { SEVERITY_ORDER } from '../../lib/projections/flags.ts';
import { resolveInputs } from '../inputs.ts';
import { fromCwd } from '../paths.ts';
import { plural, UsageError, type Output } from '../output.ts';
import { archiveProgress } from '../progress.ts';
import { printFaults, printFound, strictFault, totals } from '../summary.ts';

export interface CheckOptions {
  json?: boolean;
  strict?: boolean;
  failOn?: string;
  quiet?: boolean;
}

const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];

function printProjectText(out: Output, model: ProjectModel): void {
  const c = model.counts;
  out.result(`${model.id}  ${model.title}  (${model.root})`);
  out.result(`  ${plural(c.rows, 'row')}, ${plural(c.invalid, 'invalid row')}, ${plural(model.flags.length, 'flag')}; repository: ${model.repository.path ?? model.repository.problem ?? 'none'}${model.repository.head ? ` @ ${model.repository.head.slice(0, 12)}` : ''}`);
  for (const f of model.flags) out.result(`  ${f.severity.padEnd(6)} ${f.kind}  ${f.summary}`);
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
  const roots = await resolveInputs(dirs);
  const progress = options.quiet ? undefined : archiveProgress(out);
  let first = true;
  if (options.json) out.result(`{\n  "version": "${CHECK_REPORT_VERSION}",\n  "projects": [`);
  let failing = 0;
  const result = await analyseArchive({
    roots,
    cacheDir: null,
    ...(progress ? { onEvent: progress } : {}),
    onModel: (model) => {
      if (failOn !== null && model.flags.some((f) => SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER[failOn])) failing++;
      if (options.json) {
        const text = JSON.stringify(checkReportProject(model), null, 2).replace(/\n/g, '\n    ');
        out.result(`${first ? '' : ',\n'}    ${text}`.replace(/^,\n/, ','));
        first = false;
      } else printProjectText(out, model);
    },
  });
  if (options.json) {
    const problems = JSON.stringify(checkReportProblems(result.problems, fromCwd), null, 2).replace(/\n/g, '\n  ');
    out.result(`  ],\n  "problems": ${problems}\n}`);
  }
  const t = totals(result.projects);
  if (!options.quiet) {
    printFound(out, t);
    printFaults(out, t, result.projects);
  }
  if (failOn !== null && failing > 0) {
    out.error(`${plural(failing, 'project')} with flags of severity ${failOn} or higher (--fail-on ${failOn})`);
    return 1;
  }
  if (options.strict) {
    const fault = strictFault(t);
    if (fault) {
      out.error(`--strict: ${fault}`);
      return 1;
    }
  }
  return 0;
}
