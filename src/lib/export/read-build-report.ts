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
import type { ArchiveAccepted } from '../archive/accepted-counts.ts';

/**
 * Reads what the report needs from `cacheDir` and builds it. `accepted`: the flags the build's
 * `trailbook.baseline.json` accepts (src/lib/archive/accepted-counts.ts `readArchiveAccepted`),
 * which the report counts apart as the home and the build's summary do; none when null.
 */
export async function readBuildReport(cacheDir: string, projects: readonly ProjectSummary[], ctx: ArchiveContext, accepted: ArchiveAccepted | null = null): Promise<BuildReport> {
  const { problems = [] } = await readArchiveIndex(cacheDir);
  const details = new Map<string, ReportDetails | null>();
  for (const p of projects) details.set(p.id, await readReportDetails(cacheDir, p.id));
  return buildReport(projects, problems, (id) => details.get(id) ?? null, ctx, accepted);
}
