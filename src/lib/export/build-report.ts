/**
 * The build report, as a page (`<base>report/`) and as JSON (`<base>report.json`, version
 * `trailbook.report/1`, JSON Schema at `<base>schema/report.v1.json`): totals, discovery
 * problems, warnings, and per project its counts, warnings and invalid records by place
 * (file:line). Within a version fields are only ever added.
 */
import { secretFlagCounts } from '../checks/security/secret-in-record.ts';
import { hasDecisionTrail } from '../projections/audit-state.ts';
import { z } from 'zod';
import type { ProjectSummary } from '../archive/summary.ts';
import { gitChecksProblem } from '../projections/git-checks.ts';
import { urls } from '../site/urls.ts';
import { newestFirst, problemSchema, type ArchiveContext } from './archive-index.ts';
import { documented } from '../model/export-registry.ts';
import { exportUrls } from './export-urls.ts';
import { projectCountsSchema } from '../model/model-schema.ts';
import { archiveCounts } from '../projections/counts.ts';
import type { ReportDetails } from '../archive/report-details.ts';
import { absoluteUrl } from './site-url.ts';
import { agree } from '../text/agree.ts';
import { acceptedSeverities, acceptedTotal, withoutAccepted, type AcceptedCounts } from '../archive/accepted-counts.ts';
import type { Severity } from '../model/types.ts';

/** The version string of the build report. */
export const REPORT_VERSION = 'trailbook.report/1';

/** Kinds of warning the report lists. */
export const WARNING_KINDS = ['repository', 'not-read', 'audit-invalid', 'audit-not-reviewed', 'audit-never-invoked', 'secrets'] as const;

const warningSchema = documented(
  z.object({ kind: z.enum(WARNING_KINDS), message: z.string(), path: z.string().nullable() }),
  {
    id: 'Warning',
    description: 'Something that makes the recap less complete than it looks: `repository` (git checks inconclusive), `not-read` (records found in a format not read yet), `audit-invalid`, `audit-not-reviewed`, `audit-never-invoked`, `secrets` (credentials found in the records or cited files: redacted, or published as written under `--no-redact`).',
  },
);

const reportInvalidSchema = documented(z.object({ file: z.string(), line: z.number().int(), kind: z.string(), error: z.string() }), {
  id: 'InvalidPlace',
  description: 'An invalid record by place (its raw text is in the recap and recap.json.gz).',
});

/** The shape of `report.json`. */
export const buildReportSchema = documented(
  z.object({
    $schema: z.string(),
    version: z.literal(REPORT_VERSION),
    title: z.string(),
    totals: z.object({
      projects: z.number().int(),
      rows: z.number().int(),
      superseded: z.number().int(),
      invalid: z.number().int(),
      telemetry: z.number().int(),
      flags: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
      flagLayers: documented(z.object({ layer1: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }), layer2: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }) }), {
        description: "Flags per severity of each layer: `layer1` Trailbook's own checks, `layer2` the reviewers'.",
      }),
      evidence: z.object({ VERIFIED: z.number().int(), NOT_VERIFIED: z.number().int(), INCONCLUSIVE: z.number().int() }),
      pointers: documented(z.object({ verified: z.number().int(), failed: z.number().int(), unresolved: z.number().int(), prose: z.number().int(), notCheckable: z.number().int() }), { description: 'Evidence pointers of every record by outcome (see Counts.pointers): unresolved and prose apart, failed their sum.' }),
      resultNotVerified: z.number().int(),
      checkFirst: z.number().int(),
      checkFirstOpen: documented(z.number().int(), { description: "Rows of Check first's first group (see Counts.checkFirstOpen)." }),
      checkFirstWords: documented(z.number().int(), { description: "Rows of Check first's second group, results in the agent's words (see Counts.checkFirstWords)." }),
      openBlockers: z.number().int(),
      warnings: z.number().int(),
      problems: documented(z.number().int(), {
        description: "Discovery problems, as `discoveryProblems` (kept under this name for readers of version 1): the length of `problems[]`. Not the projects' problems (flags of one kind and cause, what `trailbook check` and the home call problems): those are `projectProblems`.",
      }),
      discoveryProblems: documented(z.number().int(), { description: 'Discovery problems: the length of `problems[]` (folders not read, links not followed). Added in version 1 beside `problems`, which says the same.' }),
      projectProblems: documented(z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int(), citesMissing: z.number().int() }), {
        description: "The projects' problems summed (each project's `counts.problems`: flags of one kind and cause said once, per severity, and `citesMissing`): the home's \"30 problems (107 flags)\" is `high + medium + low`. Added in version 1.",
      }),
      openProblems: documented(z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }), {
        description: "The projects' problems still open, per severity: `projectProblems` without the problems whose flags the baseline (`acceptedIn`) all accepts. The home's \"43 problems\" is `high + medium + low`, a baseline or not; without one it is `projectProblems`. Added in version 1 (absent from reports written before).",
      }).optional(),
      projectsWithFlags: z.number().int(),
      projectsWithInvalid: z.number().int(),
      accepted: documented(z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }), {
        description: 'Flags accepted in the baseline (`acceptedIn`), per severity: counted in `flags` too, and not open (the home counts them beside the open ones). All 0 without a baseline. Added in version 1 (absent from reports written before).',
      }).optional(),
      acceptedIn: documented(z.string().nullable(), { description: 'The baseline file the build read (`trailbook.baseline.json` or `--baseline FILE`), or null when it read none. Added in version 1 (absent from reports written before).' }).optional(),
    }),
    problems: documented(z.array(problemSchema), { description: 'Discovery problems: folders not read, links not followed.' }),
    projects: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        root: z.string(),
        recap: z.string(),
        counts: projectCountsSchema,
        accepted: documented(z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }), { description: "The project's flags accepted in the baseline, per severity (counted in `counts.flags` too). Added in version 1 (absent from reports written before)." }).optional(),
        warnings: z.array(warningSchema),
        invalid: z.array(reportInvalidSchema),
        invalidListed: documented(z.boolean(), { description: 'False when the invalid records could not be listed (a model store from an older Trailbook); the count is still right.' }),
      }),
    ),
  }),
  {
    title: 'Trailbook build report (trailbook.report/1)',
    description: 'What a Trailbook build found: counts, discovery problems, warnings and invalid records per project. Within a version fields are only ever added.',
  },
);

/** A `report.json` document. */
export type BuildReport = z.infer<typeof buildReportSchema>;

/** A report warning. */
export type ReportWarning = z.infer<typeof warningSchema>;

/** The warnings of one project. */
export function projectWarnings(p: Pick<ProjectSummary, 'repository' | 'sources' | 'audit' | 'counts'> & { flags?: ProjectSummary['flags'] }): ReportWarning[] {
  // A project without a decision trail had nothing to audit (src/lib/projections/audit-state.ts).
  const out: ReportWarning[] = [];
  const gitProblem = gitChecksProblem(p);
  if (gitProblem !== null) out.push({ kind: 'repository', message: `git checks inconclusive: ${gitProblem}`, path: p.repository.path });
  for (const s of p.sources) if (s.notRead) out.push({ kind: 'not-read', message: `${s.format} records not read: ${s.notRead}`, path: s.path });
  const a = p.audit;
  if (!a.present) {
    if (hasDecisionTrail(p.sources)) out.push({ kind: 'audit-never-invoked', message: 'the handover audit was never invoked (no audit.json)', path: null });
  } else if (!a.valid) out.push({ kind: 'audit-invalid', message: `audit.json is invalid: ${a.error ?? 'unreadable'}`, path: a.file });
  else if (a.status === 'not-run' || a.status === 'failed') out.push({ kind: 'audit-not-reviewed', message: `not reviewed: ${a.reason.trim() === '' ? `audit status ${a.status}, no reason given` : a.reason}`, path: a.file });
  const secrets = secretFlagCounts(p.flags ?? []);
  if (secrets.notRedacted > 0) out.push({ kind: 'secrets', message: `WARNING: ${secrets.notRedacted} ${agree(secrets.notRedacted, 'secret', 'secrets')} published as written: the build ran with --no-redact`, path: null });
  else if (secrets.found > 0) out.push({ kind: 'secrets', message: `${secrets.found} ${agree(secrets.found, 'secret', 'secrets')} found and redacted (security/secret-in-record flags)`, path: null });
  return out;
}

/** The projects' open problems summed per severity, as the home counts them (accepted-counts.ts `withoutAccepted`). */
function openProblems(projects: readonly ProjectSummary[], accepted: AcceptedCounts): Record<Severity, number> {
  const out: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  for (const p of projects) {
    const c = withoutAccepted(p, accepted).counts.problems;
    for (const s of ['high', 'medium', 'low'] as const) out[s] += c[s];
  }
  return out;
}

/**
 * Builds the report. `details` gives each project's invalid records by place (null when the
 * model store has none for it); `accepted`, the flags the build's baseline accepts per project
 * (src/lib/archive/accepted-counts.ts) and its file, or null without one.
 */
export function buildReport(
  projects: readonly ProjectSummary[],
  problems: ReadonlyArray<{ path: string; problem: string }>,
  details: (id: string) => ReportDetails | null,
  ctx: ArchiveContext,
  accepted: { counts: AcceptedCounts; file: string } | null = null,
): BuildReport {
  const abs = (path: string): string => absoluteUrl(ctx.root, ctx.base, path);
  const rows = newestFirst(projects).map((p) => {
    const d = details(p.id);
    return {
      id: p.id,
      title: p.title,
      root: p.root,
      recap: abs(urls.project(ctx.base, p.id)),
      counts: p.counts,
      accepted: acceptedSeverities(accepted?.counts ?? new Map(), p.id),
      warnings: projectWarnings(p),
      invalid: d?.invalid ?? [],
      invalidListed: d !== null,
    };
  });
  const t = archiveCounts(projects);
  return {
    $schema: abs(exportUrls.schema(ctx.base, 'report.v1')),
    version: REPORT_VERSION,
    title: ctx.title,
    totals: {
      projects: t.projects,
      rows: t.rows,
      superseded: t.superseded,
      invalid: t.invalid,
      telemetry: t.telemetry,
      flags: t.flags,
      flagLayers: t.flagLayers,
      evidence: t.evidence,
      pointers: t.pointers,
      resultNotVerified: t.resultNotVerified,
      checkFirst: t.checkFirst,
      checkFirstOpen: t.checkFirstOpen,
      checkFirstWords: t.checkFirstWords,
      openBlockers: t.openBlockers,
      warnings: rows.reduce((n, r) => n + r.warnings.length, 0),
      problems: problems.length,
      discoveryProblems: problems.length,
      projectProblems: { ...t.problems },
      openProblems: openProblems(projects, accepted?.counts ?? new Map()),
      projectsWithFlags: t.projectsWithFlags,
      projectsWithInvalid: t.projectsWithInvalid,
      accepted: accepted ? acceptedTotal(accepted.counts) : { high: 0, medium: 0, low: 0 },
      acceptedIn: accepted ? accepted.file : null,
    },
    problems: problems.map((p) => ({ path: p.path, problem: p.problem })),
    projects: rows,
  };
}
