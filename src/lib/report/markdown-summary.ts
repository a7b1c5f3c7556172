/**
 * `trailbook check --format markdown` (issue 32): one summary for where reviewers look — a
 * GitHub job summary (`>> $GITHUB_STEP_SUMMARY`) and one pull-request comment updated in place
 * (examples/ci/). What the gates asked for and which failed, apart; flags per severity, accepted
 * ones (trailbook.baseline.json) counted apart; the projects with something to see; and the
 * worst flags first (report-order.ts), each linked to its place in the archive when the
 * archive's address is known (`--site`: `<root>p/<id>/#flag-<n>`, Attention's anchor).
 *
 * It fits a pull-request comment: GitHub takes at most 65,536 characters, so the summary
 * stops adding rows at {@link MARKDOWN_SUMMARY_LIMIT} bytes of UTF-8 and says how many flags it
 * did not list. Record text is untrusted: it is written as text (markdown punctuation
 * backslash-escaped, `<`, `>` and `&` as entities, line breaks as spaces, an `@` kept from
 * mentioning anyone), never as markup. Deterministic: no time, no path of the machine.
 */
import type { ProjectCounts, Severity } from '../model/types.ts';
import { projectName } from '../site/words.ts';
import { flagPlaces, type LocatedProject } from './flag-places.ts';
import { worstFirst } from './report-order.ts';
import { agree } from '../text/agree.ts';

/** The most bytes (UTF-8) the summary takes: under GitHub's 65,536-character comment, with room for a heading the workflow adds. */
export const MARKDOWN_SUMMARY_LIMIT = 60_000;

/** A gate the command was asked to apply, and what it found. */
export interface GateResult {
  /** As typed: `--fail-on high`. */
  gate: string;
  /** What failed it, in words; null when it passed. */
  failed: string | null;
}

/** What the summary reads. */
export interface MarkdownSummaryInput {
  projects: ReadonlyArray<{ located: LocatedProject; counts: Pick<ProjectCounts, 'invalid'> }>;
  gates: readonly GateResult[];
  /** The archive's root URL (ends with `/`), for links; null: no links. */
  root: string | null;
  /** The baseline file read, as named to the user, and how many of its entries matched no flag; null when there is none. */
  baseline: { file: string; unmatched: number } | null;
  /** Trailbook's version, in the last line. */
  version: string;
  /** Byte budget ({@link MARKDOWN_SUMMARY_LIMIT}). */
  limit?: number;
}

const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];
const ICON: Record<Severity, string> = { high: '🔴 high', medium: '🟠 medium', low: '🔵 low' };
const MAX_TEXT = 240;
const MAX_PROJECT_ROWS = 50;

/** Untrusted text as markdown text on one line, at most `max` characters. */
export function markdownText(text: string, max = MAX_TEXT): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return cut
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]~|])/g, '\\$1')
    .replace(/@/g, '@\u200b');
}

/** A URL as a markdown link target (parentheses and spaces encoded). */
const target = (url: string): string => url.replace(/[()\s]/g, (c) => encodeURIComponent(c));

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The summary's markdown text (ends with a line break). */
export function markdownSummary(input: MarkdownSummaryInput): string {
  const limit = input.limit ?? MARKDOWN_SUMMARY_LIMIT;
  const open: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  const accepted: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  for (const { located } of input.projects) for (const f of located.project.flags) (f.accepted !== undefined ? accepted : open)[f.severity]++;
  const openTotal = open.high + open.medium + open.low;
  const acceptedTotal = accepted.high + accepted.medium + accepted.low;
  const n = input.projects.length;
  const plural = (k: number, word: string): string => `${k} ${agree(k, word, `${word}s`)}`;

  const head: string[] = [];
  head.push(`## Trailbook: ${plural(n, 'project')}, ${openTotal === 0 ? 'no open flags' : plural(openTotal, 'flag')}${acceptedTotal > 0 ? ` (and ${acceptedTotal} accepted)` : ''}`, '');
  const failed = input.gates.filter((g) => g.failed !== null);
  const passed = input.gates.filter((g) => g.failed === null);
  if (failed.length > 0) {
    head.push('**Failed gates**', '');
    for (const g of failed) head.push(`- ❌ \`${g.gate}\`: ${markdownText(g.failed as string, 600)}`);
    head.push('');
  }
  if (passed.length > 0) head.push(`Passed: ${passed.map((g) => `✅ \`${g.gate}\``).join(', ')}`, '');
  head.push('| Severity | Open | Accepted |', '|---|--:|--:|');
  for (const s of SEVERITIES) head.push(`| ${ICON[s]} | ${open[s]} | ${accepted[s]} |`);
  head.push('');

  const link = (text: string, url: string | null): string => (url === null ? text : `[${text}](${target(url)})`);
  const projectUrl = (id: string): string | null => (input.root === null ? null : `${input.root}p/${id}/`);

  const withSomething = input.projects.filter(({ located, counts }) => located.project.flags.length > 0 || counts.invalid > 0);
  const projectLines: string[] = [];
  if (withSomething.length > 0) {
    projectLines.push('### Projects', '', '| Project | High | Medium | Low | Accepted | Invalid records |', '|---|--:|--:|--:|--:|--:|');
    for (const { located, counts } of withSomething.slice(0, MAX_PROJECT_ROWS)) {
      const c: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
      let a = 0;
      for (const f of located.project.flags) {
        if (f.accepted !== undefined) a++;
        else c[f.severity]++;
      }
      projectLines.push(`| ${link(markdownText(projectName(located.project), 120), projectUrl(located.project.id))} | ${c.high} | ${c.medium} | ${c.low} | ${a} | ${counts.invalid} |`);
    }
    const clean = n - withSomething.length;
    const notListed = withSomething.length - Math.min(withSomething.length, MAX_PROJECT_ROWS);
    const more = [notListed > 0 ? `${plural(notListed, 'more project')} with flags not listed` : '', clean > 0 ? `${plural(clean, 'project')} without flags or invalid records` : ''].filter(Boolean);
    if (more.length > 0) projectLines.push('', `*And ${more.join('; ')}.*`);
    projectLines.push('');
  }

  const tail: string[] = [];
  if (input.baseline) {
    const b = input.baseline;
    const entries = `${b.unmatched} ${agree(b.unmatched, 'entry of it matches', 'entries of it match')}`;
    tail.push(`Accepted flags come from \`${markdownText(b.file, 200)}\` and do not fail \`--fail-on\`.${b.unmatched > 0 ? ` ${entries} no flag any more (fixed, or its row or cause changed): \`trailbook baseline\` drops ${agree(b.unmatched, 'it', 'them')}.` : ''}`, '');
  }
  tail.push(`<sub>Trailbook ${markdownText(input.version, 40)} · \`trailbook check\` lists every flag${input.root === null ? '; pass `--site URL` to link each flag into the published archive' : ''}.</sub>`, '');

  let text = `${head.join('\n')}\n`;
  const used = (): number => bytes(text) + bytes(tail.join('\n')) + 400;
  if (bytes(text) + bytes(projectLines.join('\n')) + bytes(tail.join('\n')) + 400 <= limit) text += `${projectLines.join('\n')}\n`;

  const flags = worstFirst(input.projects.map((p) => p.located));
  if (flags.length > 0) {
    text += '### Worst flags first\n\n| Severity | Flag | Project | Where |\n|---|---|---|---|\n';
    let listed = 0;
    for (const { located, flag, index } of flags) {
      const [place] = flagPlaces(located, flag);
      const where = place ? `${place.path}${place.line === null ? '' : `:${place.line}`}` : '';
      const url = input.root === null ? null : `${input.root}p/${located.project.id}/#flag-${index + 1}`;
      const severity = flag.accepted !== undefined ? `✔️ accepted (${flag.severity})` : ICON[flag.severity];
      const why = flag.accepted !== undefined ? ` — accepted: ${markdownText(flag.accepted, 160)}` : '';
      const row = `| ${severity} | ${link(`**${markdownText(flag.kind, 80)}**`, url)} ${markdownText(flag.summary)}${why} | ${markdownText(projectName(located.project), 80)} | ${markdownText(where, 160)} |\n`;
      if (used() + bytes(row) > limit) break;
      text += row;
      listed++;
    }
    if (listed < flags.length) text += `\n*${plural(flags.length - listed, 'more flag')} not listed here (the summary stays under GitHub's 65,536-character comment): ${input.root === null ? '`trailbook check` lists them all' : `[the archive](${target(input.root)}) and \`trailbook check\` list them all`}.*\n`;
    text += '\n';
  }
  return `${text}${tail.join('\n')}`;
}
