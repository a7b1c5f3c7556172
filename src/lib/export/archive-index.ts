/**
 * `archive.json`: the archive's index, versioned (`trailbook.archive/1`), with a JSON
 * Schema published at `<base>schema/archive.v1.json`. Every project with its recap, exports,
 * sources, time span, audit state and counts; discovery problems. Within a version fields
 * are only ever added.
 */
import { z } from 'zod';
import type { ProjectSummary } from '../archive/summary.ts';
import { urls } from '../site/urls.ts';
import { documented } from '../model/export-registry.ts';
import { exportUrls } from './export-urls.ts';
import { auditInfoSchema, projectCountsSchema, repositoryInfoSchema, sourceFileSchema, spanSchema } from '../model/model-schema.ts';
import { absoluteUrl } from './site-url.ts';
import type { Baseline } from '../baseline/accepted-flags.ts';
import { latestDate } from '../site/dates-only.ts';
import { acceptedSeverities, type AcceptedCounts } from '../archive/accepted-counts.ts';

/** The version string of the archive index. */
export const ARCHIVE_VERSION = 'trailbook.archive/1';

/** A discovery problem (a folder that could not be read, a link leaving the input). */
export const problemSchema = documented(z.object({ path: z.string(), problem: z.string() }), {
  id: 'Problem',
  description: 'A discovery problem; `path` is relative to the input folder’s parent.',
});

/** The links of one project's recap and exports. */
export const projectLinksSchema = documented(
  z.object({ recap: z.string(), recapJson: z.string(), decisionsCsv: z.string(), recapHtml: z.string() }),
  {
    id: 'ProjectLinks',
    description:
      'The recap page and the exports; absolute when the archive was built with a site URL, else site-relative paths. `recapHtml` is the file `p/<id>/recap.html` when the archive was built with `--recap-html`; otherwise no such file is published and it is the recap page’s download that builds it in the browser (`p/<id>/#recap-html`). `decisionsCsv` likewise: the file `p/<id>/decisions.csv.gz` when the archive was built with `--decisions-csv`, otherwise the recap page’s download that makes it from `recap.json.gz` (`p/<id>/#decisions-csv`).',
  },
);

/** The shape of `archive.json`. */
export const archiveIndexSchema = documented(
  z.object({
    $schema: z.string(),
    version: z.literal(ARCHIVE_VERSION),
    title: z.string(),
    url: documented(z.string(), { description: "The archive's home: absolute when a site URL was configured, else the base path." }),
    base: documented(z.string(), { description: 'The base path the archive is served under (`/x/` form, `--base`); `trailbook serve` serves it there. Absent from archives built before it was added.' }).optional(),
    links: z.object({ feed: z.string(), report: z.string(), reportJson: z.string(), search: z.string() }),
    projects: documented(
      z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          root: z.string(),
          links: projectLinksSchema,
          sources: z.array(sourceFileSchema),
          repository: repositoryInfoSchema,
          span: spanSchema.nullable(),
          audit: auditInfoSchema,
          counts: projectCountsSchema,
          accepted: documented(z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }), {
            description: "The project's flags accepted in the build's baseline (trailbook.baseline.json or --baseline FILE), per severity: counted in `counts.flags` too, not open (the home counts them beside the open ones). All 0 without a baseline. Absent from archives built before it was added.",
          }).optional(),
          digest: documented(z.string(), { description: "Digest of the project's inputs and of Trailbook's code: it changes when the project's records, repository or configuration (or Trailbook) change." }),
        }),
      ),
      { description: 'Every project, newest first (by the latest row time, else the latest date of a trail dated without times of day), then by id.' },
    ),
    problems: z.array(problemSchema),
  }),
  {
    title: 'Trailbook archive index (trailbook.archive/1)',
    description: 'Every project of a Trailbook archive with links to its recap and exports. Within a version fields are only ever added.',
  },
);

/** An `archive.json` document. */
export type ArchiveIndexExport = z.infer<typeof archiveIndexSchema>;

/** Where the archive is and what it is called. */
export interface ArchiveContext {
  /** The base path, `/x/` form. */
  base: string;
  /** The archive root's absolute URL, or null when no site URL is configured. */
  root: string | null;
  /** The archive's title. */
  title: string;
  /**
   * Whether the build writes each project's `recap.html` (`--recap-html`). Absent or false:
   * no file is written, and `links.recapHtml` is the recap page's download that builds it.
   */
  recapHtml?: boolean;
  /** The build's accepted flags (trailbook.baseline.json, issue 32), marked in recap.json and recap.html; absent or null: none. */
  baseline?: Baseline | null;
  /**
   * Whether the build writes each project's `decisions.csv.gz` (`--decisions-csv`). Absent or
   * false: no file is written, and `links.decisionsCsv` is the recap page's download that makes it.
   */
  decisionsCsv?: boolean;
}

/** Projects newest first (latest row time, else latest date of a dates-only trail: src/lib/site/dates-only.ts, latestDate), then by id, as the archive home lists them. */
export function newestFirst<T extends Pick<ProjectSummary, 'id' | 'span'> & { datesOnly?: ProjectSummary['datesOnly'] }>(projects: readonly T[]): T[] {
  return [...projects].sort((a, b) => latestDate(b).localeCompare(latestDate(a)) || a.id.localeCompare(b.id));
}

/** The links of one project (absolute when the context has a root). */
export function projectLinks(id: string, ctx: ArchiveContext): z.infer<typeof projectLinksSchema> {
  const abs = (path: string): string => absoluteUrl(ctx.root, ctx.base, path);
  return {
    recap: abs(urls.project(ctx.base, id)),
    recapJson: abs(exportUrls.recapJson(ctx.base, id)),
    decisionsCsv: abs(ctx.decisionsCsv === true ? exportUrls.decisionsCsv(ctx.base, id) : exportUrls.decisionsCsvMaker(ctx.base, id)),
    recapHtml: abs(ctx.recapHtml === true ? exportUrls.recapHtml(ctx.base, id) : exportUrls.recapHtmlMaker(ctx.base, id)),
  };
}

/**
 * Builds `archive.json` from the project summaries and the discovery problems. `accepted`: the
 * flags the build's baseline accepts per project (src/lib/archive/accepted-counts.ts), given as
 * each project's `accepted`; none without.
 */
export function archiveIndex(projects: readonly ProjectSummary[], problems: ReadonlyArray<{ path: string; problem: string }>, ctx: ArchiveContext, accepted: AcceptedCounts = new Map()): ArchiveIndexExport {
  const abs = (path: string): string => absoluteUrl(ctx.root, ctx.base, path);
  return {
    $schema: abs(exportUrls.schema(ctx.base, 'archive.v1')),
    version: ARCHIVE_VERSION,
    title: ctx.title,
    url: abs(urls.home(ctx.base)),
    base: ctx.base,
    links: { feed: abs(exportUrls.feed(ctx.base)), report: abs(exportUrls.report(ctx.base)), reportJson: abs(exportUrls.reportJson(ctx.base)), search: abs(urls.search(ctx.base)) },
    projects: newestFirst(projects).map((p) => ({
      id: p.id,
      title: p.title,
      root: p.root,
      links: projectLinks(p.id, ctx),
      sources: p.sources,
      repository: p.repository,
      span: p.span,
      audit: p.audit,
      counts: p.counts,
      accepted: acceptedSeverities(accepted, p.id),
      digest: p.digest,
    })),
    problems: problems.map((p) => ({ path: p.path, problem: p.problem })),
  };
}
