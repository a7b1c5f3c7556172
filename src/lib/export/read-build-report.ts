/**
 * The build report of the current build: the project summaries (from the content
 * collection), with the discovery problems and each project's invalid records read from
 * the model store. Shared by `/report/` and `/report.json`.
 */
import type { ProjectSummary } from '../archive/summary.ts';
import { readArchiveIndex } from '../archive/model-store.ts';
import type { ArchiveContext } from './archive-index.ts';
import { buildReport, type BuildReport } from './build-report.ts';
import { readReportDetails, type ReportDetails } from '../archive/report-details.ts';
import { acceptedCounts } from '../archive/accepted-counts.ts';
import type { Baseline } from '../baseline/accepted-flags.ts';

/**
 * Reads what the report needs from `cacheDir` and builds it. `baseline`: the build's
 * `trailbook.baseline.json` (src/lib/baseline/build-baseline.ts), whose accepted flags the
 * report counts apart as the build's summary does; none when null.
 */
export async function readBuildReport(cacheDir: string, projects: readonly ProjectSummary[], ctx: ArchiveContext, baseline: Baseline | null = null): Promise<BuildReport> {
  const { problems = [] } = await readArchiveIndex(cacheDir);
  const details = new Map<string, ReportDetails | null>();
  for (const p of projects) details.set(p.id, await readReportDetails(cacheDir, p.id));
  const accepted = baseline ? { counts: await acceptedCounts(cacheDir, baseline, projects.map((p) => p.id)), file: baseline.file } : null;
  return buildReport(projects, problems, (id) => details.get(id) ?? null, ctx, accepted);
}
