/**
 * `feed.xml`: an Atom feed (RFC 4287) of the archive's projects, newest first. Each entry is
 * a project: its title, its latest row time as `updated` (a trail dated without times of day:
 * its latest date, at midnight UTC), links to its recap (HTML), its
 * recap.json and decisions.csv, its source formats as categories, and the counts that need
 * a person as the summary. With a site URL every link is absolute and each entry's id is
 * its recap's URL; without one, links are site-relative paths (resolved against the feed's
 * own address, RFC 4287 section 4.2.7) and ids are `urn:uuid:` names derived from the base
 * path and project id.
 */
import { grouped } from '../text/grouped.ts';
import { hasDecisionTrail } from '../projections/audit-state.ts';
import { createHash } from 'node:crypto';
import type { ProjectSummary } from '../archive/summary.ts';
import type { AcceptedCounts } from '../archive/accepted-counts.ts';
import { acceptedOfThemNote } from '../site/accepted-words.ts';
import { urls } from '../site/urls.ts';
import { countOf, pointerCountsText, severityCountsText } from '../site/words.ts';
import { agree } from '../text/agree.ts';
import { newestFirst, projectLinks, type ArchiveContext } from './archive-index.ts';
import { exportUrls } from './export-urls.ts';
import { absoluteUrl } from './site-url.ts';
import { latestDate } from '../site/dates-only.ts';

// XML 1.0 forbids most control characters, lone surrogates and U+FFFE/U+FFFF.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or a quoted attribute value: escaped, characters XML cannot hold dropped. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);
}

/** A name-based UUID (RFC 9562 version 5 layout, SHA-1) as a `urn:uuid:` IRI. */
export function urnUuid(name: string): string {
  const h = createHash('sha1').update(`trailbook:${name}`).digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An ISO time (or a `YYYY-MM-DD` date: midnight UTC) as an RFC 3339 date-time, or null when it does not parse. */
function rfc3339(iso: string | undefined): string | null {
  if (iso === undefined) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t).toISOString().replace(/\.000Z$/, 'Z');
}

/** The flags a baseline accepts per project and its file (src/lib/archive/accepted-counts.ts), or null without one. */
export type FeedAccepted = { counts: AcceptedCounts; file: string } | null;

/**
 * The summary line of one entry: the counts that need a person. Its flags are every flag, and
 * how many of them the baseline (`accepted`) accepts is said after them, as the build says it
 * (`flags: 2 high, 0 medium, 1 low (1 of them accepted in trailbook.baseline.json, not open)`).
 */
export function entrySummary(p: ProjectSummary, accepted: FeedAccepted = null): string {
  const c = p.counts;
  const a = accepted?.counts.get(p.id);
  const n = a ? a.high + a.medium + a.low : 0;
  const parts = [
    countOf(c.rows, 'decision row'),
    `flags: ${severityCountsText(c.flags)}${accepted && n > 0 ? ` (${acceptedOfThemNote(n, accepted.file)})` : ''}`,
    `evidence: ${pointerCountsText(c.pointers)}`,
    `Check first: ${grouped(c.checkFirstOpen)} ${agree(c.checkFirstOpen, 'needs', 'need')} a look, ${grouped(c.checkFirstWords)} in the agent's words`,
    countOf(c.invalid, 'invalid record'),
  ];
  const audit = !p.audit.present ? (hasDecisionTrail(p.sources) ? 'audit never invoked' : 'no decision trail to audit') : !p.audit.valid ? 'audit.json invalid' : p.audit.status === 'ran' ? `reviewed by ${p.audit.reviewer || 'a reviewer'}` : `not reviewed (${p.audit.status ?? 'unknown'})`;
  return `${parts.join('; ')}; ${audit}.`;
}

/**
 * The Atom feed. `fallback` gives `updated` only when no project has a timed record; it is a
 * fixed time (not the clock), so two builds of the same input give the same bytes.
 *
 * @param fallback - The time used then: `SOURCE_DATE_EPOCH` when the build sets it (the
 *   reproducible-builds convention), else the Unix epoch.
 * @param accepted - The flags the build's baseline accepts, said in each entry's summary.
 */
export function atomFeed(projects: readonly ProjectSummary[], ctx: ArchiveContext, fallback: () => Date = () => new Date(0), accepted: FeedAccepted = null): string {
  const abs = (path: string): string => absoluteUrl(ctx.root, ctx.base, path);
  const sorted = newestFirst(projects);
  const times = sorted.map((p) => rfc3339(latestDate(p) || undefined)).filter((t): t is string => t !== null).sort();
  const feedUpdated = times.at(-1) ?? fallback().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(ctx.root ?? urnUuid(`archive:${ctx.base}`))}</id>`,
    `  <title>${xmlText(ctx.title)}</title>`,
    `  <subtitle>${xmlText(`Decision recaps of ${countOf(projects.length, 'project')}: what AI agent teams decided, why, and on what evidence.`)}</subtitle>`,
    `  <updated>${feedUpdated}</updated>`,
    '  <author><name>Trailbook</name></author>',
    '  <generator>Trailbook</generator>',
    `  <link rel="self" type="application/atom+xml" href="${xmlText(abs(exportUrls.feed(ctx.base)))}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(abs(urls.home(ctx.base)))}"/>`,
  ];
  for (const p of sorted) {
    const links = projectLinks(p.id, ctx);
    const updated = rfc3339(latestDate(p) || undefined) ?? feedUpdated;
    const published = rfc3339(p.span?.from ?? p.datesOnly?.from);
    const formats = [...new Set(p.sources.map((s) => s.format).filter((f) => f !== 'project-config'))];
    out.push(
      '  <entry>',
      `    <id>${xmlText(ctx.root === null ? urnUuid(`project:${ctx.base}:${p.id}`) : links.recap)}</id>`,
      `    <title>${xmlText(p.title)}</title>`,
      `    <updated>${updated}</updated>`,
      ...(published ? [`    <published>${published}</published>`] : []),
      `    <link rel="alternate" type="text/html" href="${xmlText(links.recap)}"/>`,
      `    <link rel="alternate" type="application/gzip" href="${xmlText(links.recapJson)}"/>`,
      `    <link rel="related" type="${ctx.decisionsCsv === true ? 'application/gzip' : 'text/html'}" href="${xmlText(links.decisionsCsv)}"/>`,
      ...formats.map((f) => `    <category term="${xmlText(f)}"/>`),
      `    <summary type="text">${xmlText(entrySummary(p, accepted))}</summary>`,
      '  </entry>',
    );
  }
  out.push('</feed>', '');
  return out.join('\n');
}
