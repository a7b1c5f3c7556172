/**
 * `trailbook check --format github`: GitHub Actions workflow commands
 * (`::error file=…,line=…,title=…::…`), so a pull request shows each flag on the record file and
 * line it is about. A projection of the check report (check-report.ts): high flags are errors,
 * medium warnings, low notices (flag-places.ts); a flag the baseline accepts is a notice that
 * says so (issue 32).
 *
 * GitHub shows at most {@link GITHUB_ANNOTATION_LIMITS}.perLevel annotations of each level per
 * step (and 50 per job), and drops the rest unseen. So the flags are annotated worst first
 * (report-order.ts), at most that many of each level, and when some are left a last notice
 * counts them by severity (it takes one notice's place). Values are escaped as the Actions
 * toolkit escapes them (`toCommandValue`, `escapeData`, `escapeProperty` in @actions/core):
 * `%`, CR and LF in the message; also `:` and `,` in properties; then any other control
 * character of the line is printed as a visible escape (`printableLine`), as for every line the
 * CLI prints. A file name or record text can thus never end the command or start another.
 *
 * GitHub's runner also cuts an annotation's message at {@link GITHUB_ANNOTATION_LIMITS}.messageChars
 * characters (since runner 2.305.0), silently. A flag on many lines (one beads flag of the real
 * corpus names 542 issues: a 25,700-character message) therefore lists its other places only as
 * far as they fit, and counts the rest (found by use7).
 */
import { printableLine } from '../text/escape.ts';
import { projectName } from '../site/words.ts';
import type { Severity } from '../model/types.ts';
import { flagPlaces, SEVERITY_LEVELS, type LocatedProject } from './flag-places.ts';
import { worstFirst } from './report-order.ts';
import { agree } from '../text/agree.ts';

export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * What GitHub shows of a step's annotations: this many of each level (error, warning, notice),
 * this many in a whole job, and this many characters of one annotation's message (the rest is cut).
 */
export const GITHUB_ANNOTATION_LIMITS = { perLevel: 10, perJob: 50, messageChars: 4096 } as const;

/**
 * ` Also at A, B, C.`: a flag's other places, as many as keep the message (`used` characters
 * before them and `after` after them) within `limit` characters, then how many more there are
 * (`…, and 530 more places: trailbook check lists every one.`). Empty when there are none.
 */
export function alsoAt(places: readonly string[], used: number, after: number, limit: number): string {
  if (places.length === 0) return '';
  const whole = ` Also at ${places.join(', ')}.`;
  if (used + whole.length + after <= limit) return whole;
  const more = (n: number): string => `, and ${n} more ${agree(n, 'place', 'places')}: trailbook check lists every one.`;
  let text = ' Also at';
  let shown = 0;
  for (const place of places) {
    const next = `${text}${shown === 0 ? ' ' : ', '}${place}`;
    if (used + next.length + more(places.length - shown - 1).length + after > limit) break;
    text = next;
    shown++;
  }
  return shown === 0 ? ` Also at ${places.length} more ${agree(places.length, 'place', 'places')}: trailbook check lists every one.` : `${text}${more(places.length - shown)}`;
}

type Level = 'error' | 'warning' | 'notice';

/** The workflow command lines: the worst flags, at most `perLevel` of each level, then one notice counting the rest when there is a rest. */
export function githubAnnotations(projects: readonly LocatedProject[], limits: { perLevel: number; messageChars: number } = GITHUB_ANNOTATION_LIMITS): string[] {
  const candidates: Array<{ level: Level; line: string; severity: Severity; accepted: boolean }> = [];
  for (const { located, flag } of worstFirst(projects)) {
    const [place, ...more] = flagPlaces(located, flag);
    if (!place) continue;
    const accepted = flag.accepted !== undefined;
    const level: Level = accepted ? 'notice' : SEVERITY_LEVELS[flag.severity].github;
    const title = `Trailbook ${flag.kind} (${flag.severity}${accepted ? ', accepted' : ''})`;
    const props = [`file=${escapeProperty(place.path)}`, ...(place.line === null ? [] : [`line=${place.line}`]), `title=${escapeProperty(title)}`];
    const why = accepted ? ` Accepted in the baseline: ${flag.accepted}` : '';
    const head = `${projectName(located.project)}: ${flag.summary}`;
    const also = alsoAt(more.map((p) => (p.line === null ? p.path : `${p.path}:${p.line}`)), head.length, why.length, limits.messageChars);
    candidates.push({ level, severity: flag.severity, accepted, line: printableLine(`::${level} ${props.join(',')}::${escapeData(`${head}${also}${why}`)}`) });
  }
  const shown = { error: 0, warning: 0, notice: 0 };
  const fits = (level: Level): boolean => shown[level] < limits.perLevel;
  // Whether everything fits as it is; if not, the counting notice takes the last notice's place.
  const total = { error: 0, warning: 0, notice: 0 };
  for (const c of candidates) total[c.level]++;
  const overflow = (Object.keys(total) as Level[]).some((l) => total[l] > limits.perLevel);
  const noticeRoom = overflow ? limits.perLevel - 1 : limits.perLevel;
  const lines: string[] = [];
  const rest: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  let restAccepted = 0;
  for (const c of candidates) {
    if (c.level === 'notice' ? shown.notice < noticeRoom : fits(c.level)) {
      shown[c.level]++;
      lines.push(c.line);
    } else if (c.accepted) restAccepted++;
    else rest[c.severity]++;
  }
  const restTotal = rest.high + rest.medium + rest.low + restAccepted;
  if (restTotal > 0) {
    const parts = [...(['high', 'medium', 'low'] as const).filter((s) => rest[s] > 0).map((s) => `${rest[s]} ${s}`), ...(restAccepted > 0 ? [`${restAccepted} accepted`] : [])];
    const message = `${restTotal} more ${agree(restTotal, 'flag is', 'flags are')} not annotated (${parts.join(', ')}): GitHub shows ${limits.perLevel} annotations of each level per step, the worst are above. trailbook check lists every flag; the job summary (--format markdown) counts them.`;
    lines.push(printableLine(`::notice title=${escapeProperty(`Trailbook: ${restTotal} more ${agree(restTotal, 'flag', 'flags')}`)}::${escapeData(message)}`));
  }
  return lines;
}
