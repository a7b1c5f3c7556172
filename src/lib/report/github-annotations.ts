/**
 * `trailbook check --format github`: one GitHub Actions workflow command per flag
 * (`::error file=…,line=…,title=…::…`), so a pull request shows each flag on the record file
 * and line it is about. A projection of the check report (check-report.ts): high flags are
 * errors, medium warnings, low notices (flag-places.ts). Values are escaped as the Actions
 * toolkit escapes them (`toCommandValue`, `escapeData`, `escapeProperty` in @actions/core):
 * `%`, CR and LF in the message; also `:` and `,` in properties; then any other control
 * character of the line is printed as a visible escape (`printableLine`), as for every line the
 * CLI prints. A file name or record text can thus never end the command or start another.
 */
import { printableLine } from '../text/escape.ts';
import { projectName } from '../site/words.ts';
import { flagPlaces, SEVERITY_LEVELS, type LocatedProject } from './flag-places.ts';

export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** The workflow command lines for every flag of every project, in report order. */
export function githubAnnotations(projects: readonly LocatedProject[]): string[] {
  const lines: string[] = [];
  for (const located of projects) {
    for (const flag of located.project.flags) {
      const [place, ...more] = flagPlaces(located, flag);
      if (!place) continue;
      const props = [`file=${escapeProperty(place.path)}`, ...(place.line === null ? [] : [`line=${place.line}`]), `title=${escapeProperty(`Trailbook ${flag.kind} (${flag.severity})`)}`];
      const also = more.length > 0 ? ` Also at ${more.map((p) => (p.line === null ? p.path : `${p.path}:${p.line}`)).join(', ')}.` : '';
      lines.push(printableLine(`::${SEVERITY_LEVELS[flag.severity].github} ${props.join(',')}::${escapeData(`${projectName(located.project)}: ${flag.summary}${also}`)}`));
    }
  }
  return lines;
}
