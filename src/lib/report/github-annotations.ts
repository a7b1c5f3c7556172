/**
 * `trailbook check --format github`: one GitHub Actions workflow command per flag
 * (`::error file=…,line=…,title=…::…`), so a pull request shows each flag on the record file
 * and line it is about. A projection of the check report (check-report.ts): high flags are
 * errors, medium warnings, low notices (flag-places.ts). Values are escaped as the runner
 * reads them: `%`, CR and LF in the message; also `:` and `,` in properties.
 */
import { flagPlaces, SEVERITY_LEVELS, type LocatedProject } from './flag-places.ts';

const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** The workflow command lines for every flag of every project, in report order. */
export function githubAnnotations(projects: readonly LocatedProject[]): string[] {
  const lines: string[] = [];
  for (const located of projects) {
    for (const flag of located.project.flags) {
      const [place, ...more] = flagPlaces(located, flag);
      if (!place) continue;
      const props = [`file=${escapeProperty(place.path)}`, ...(place.line === null ? [] : [`line=${place.line}`]), `title=${escapeProperty(`Trailbook ${flag.kind} (${flag.severity})`)}`];
      const also = more.length > 0 ? ` Also at ${more.map((p) => (p.line === null ? p.path : `${p.path}:${p.line}`)).join(', ')}.` : '';
      lines.push(`::${SEVERITY_LEVELS[flag.severity].github} ${props.join(',')}::${escapeData(`${located.project.id}: ${flag.summary}${also}`)}`);
    }
  }
  return lines;
}
