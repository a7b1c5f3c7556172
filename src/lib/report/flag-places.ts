/**
 * Where a flag of the check report points in the repository, for the formats that put flags
 * where reviewers look (`--format github` annotations, `--format sarif`): its first `file:line`
 * place (the decision trail's Part 3: a flag names the rows it is about), else the file it
 * comes from: `audit.json` for the reviewer's (layer 2) flags, the first record file for the
 * rest (a project's `trailbook.json` is not a record), else the project folder itself.
 */
import { trimEndChars } from '../text/trim-chars.ts';
import type { Severity } from '../model/types.ts';
import type { CheckReportProject } from './check-report.ts';

/** A project of the check report and where its folder is, relative to the repository root (`/`-separated, `''` for the root). */
export interface LocatedProject {
  project: Pick<CheckReportProject, 'id' | 'title' | 'flags' | 'sources'>;
  dir: string;
}

/** A place in the repository: a `/`-separated path from the repository root and a 1-based line, or null for the whole file. */
export interface RepositoryPlace {
  path: string;
  line: number | null;
}

const join = (dir: string, file: string): string => (dir === '' || dir === '.' ? file : `${trimEndChars(dir, '/')}/${file}`);

/** Every place a flag is about, first the one to show it at; never empty. */
export function flagPlaces(located: LocatedProject, flag: CheckReportProject['flags'][number]): RepositoryPlace[] {
  const places = flag.at.map((a) => ({ path: join(located.dir, a.file), line: a.line >= 1 ? a.line : null }));
  const seen = new Set<string>();
  const unique = places.filter((p) => {
    const key = `${p.path}:${p.line ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length > 0) return unique;
  const sources = located.project.sources;
  const first = (flag.layer === 'review' ? sources.find((s) => s.format === 'audit') : undefined) ?? sources.find((s) => s.format !== 'project-config') ?? sources[0];
  return [{ path: first ? join(located.dir, first.path) : located.dir || '.', line: null }];
}

/** How each severity is shown: GitHub's annotation commands and SARIF's result levels. */
export const SEVERITY_LEVELS: Record<Severity, { github: 'error' | 'warning' | 'notice'; sarif: 'error' | 'warning' | 'note' }> = {
  high: { github: 'error', sarif: 'error' },
  medium: { github: 'warning', sarif: 'warning' },
  low: { github: 'notice', sarif: 'note' },
};

/**
 * The `file:line` a text line of `trailbook check` puts before a flag's summary (the decision
 * trail's Part 3: a flag names the rows it is about, and a person opens the file at that line),
 * and the summary to put after it. The place is the flag's first place with a line, as the
 * record's file names it (relative to its project folder); a summary that starts with that
 * place (`decisions.jsonl:12: not valid JSON: …`, an invalid record's flag; a bad timestamp)
 * is said after it without it, so the line reads `decisions.jsonl:12  not valid JSON: …` as
 * every other flag's does (use16: the place was said twice, once in each of two lines). No
 * place (`''`) when the flag has none with a line, or its summary says it within (coordination
 * flags write `(coordination.jsonl:4)`). Said at print time, never in the summary, so a flag's
 * baseline fingerprint (src/lib/baseline) is unchanged.
 */
export function flagPlaceAndText(flag: { summary: string; at: ReadonlyArray<{ file: string; line: number }> }): { place: string; text: string } {
  const first = flag.at.find((a) => a.line >= 1);
  if (!first) return { place: '', text: flag.summary };
  const place = `${first.file}:${String(first.line)}`;
  if (flag.summary.startsWith(`${place}: `)) return { place, text: flag.summary.slice(place.length + 2) };
  return flag.summary.includes(place) ? { place: '', text: flag.summary } : { place, text: flag.summary };
}
