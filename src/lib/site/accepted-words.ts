/**
 * Words for flags accepted in a baseline (`trailbook.baseline.json`, issue 32): shown, never
 * hidden, and counted apart from the open ones — an accepted flag is not an open fault. One
 * wording for the recap, the offline recap.html and the archive home. Pure.
 */
import type { Severity } from '../model/types.ts';
import { countOf } from './words.ts';
import { grouped } from '../text/grouped.ts';

/** `1 flag is accepted in trailbook.baseline.json` / `3 flags are …` (the Attention sentence's start). */
export function acceptedLead(count: number, file: string): string {
  return `${count === 1 ? '1 flag is' : `${count} flags are`} accepted in ${file}`;
}

/** The Attention sentence after the file name (`: each is listed with its reason, …`). */
export const ACCEPTED_TAIL = ': each is listed with its reason, counted here with the rest, and skipped by trailbook check --fail-on.';

/** A figure's note: `2 of them accepted in trailbook.baseline.json, not open` (the counts beside it include them). */
export function acceptedOfThemNote(count: number, file: string): string {
  return `${count} of them accepted in ${file}, not open`;
}

/** The home's note beside open counts: `+ 2 accepted in trailbook.baseline.json (not counted as open)`. */
export function acceptedBesideOpenNote(count: number, file: string): string {
  return `+ ${count} accepted in ${file} (not counted as open)`;
}

/**
 * What the home table's Flags column counts, after its bold `Flags:` in the caption: the open
 * flags (its counts and its sort leave accepted ones out), and, when `anyAccepted`, where the
 * accepted ones are shown instead.
 */
export function homeFlagsCaption(anyAccepted: boolean): string {
  const whose = "Trailbook's checks and the reviewer's";
  return anyAccepted ? `the open flags, ${whose}; a flag accepted in the baseline is not counted as open, it is shown beside them as “+ N accepted”` : `every open flag, ${whose}`;
}

/**
 * The archive trend's caption (the home): what a point is, and, when the baseline accepts flags,
 * that its flags are every flag, accepted ones included (the build history keeps each build's
 * flags as the records had them), where the Flags figure above counts the open ones (count15:
 * the trend's last build said `High 23` under the figure's `18 high`, nothing said why).
 */
export function archiveTrendCaption(builds: number, accepted: number, file: string | null): string {
  const lead = `The last ${builds} builds of this archive, all projects together (#n is the build number).`;
  return accepted > 0 && file !== null ? `${lead} Flags are every flag, the ${countOf(accepted, 'flag')} accepted in ${file} included; the Flags figure above counts the open ones.` : lead;
}

/** Counts by severity less the accepted ones: what is still open. Never below zero. */
export function openCounts(all: Record<Severity, number>, accepted: Record<Severity, number>): Record<Severity, number> {
  return { high: Math.max(0, all.high - accepted.high), medium: Math.max(0, all.medium - accepted.medium), low: Math.max(0, all.low - accepted.low) };
}

/**
 * The build report's flags sentence, as the build's summary says it (src/cli/summary.ts
 * `printFaults`): every flag by severity, in how many projects, and how many of them the
 * baseline accepts: `Flags: 23 high, 20 medium, 5 low, in 5 projects (2 of them accepted in
 * trailbook.baseline.json, not open).`
 */
export function reportFlagsSentence(t: { flags: Record<Severity, number>; projectsWithFlags: number; accepted?: Record<Severity, number> | undefined; acceptedIn?: string | null | undefined }): string {
  const n = t.accepted ? t.accepted.high + t.accepted.medium + t.accepted.low : 0;
  const note = n > 0 && t.acceptedIn ? ` (${acceptedOfThemNote(n, t.acceptedIn)})` : '';
  return `Flags: ${grouped(t.flags.high)} high, ${grouped(t.flags.medium)} medium, ${grouped(t.flags.low)} low, in ${countOf(t.projectsWithFlags, 'project')}${note}.`;
}

/**
 * What "since the last build" says of acceptance (count16; the CLI's history line, the home's and
 * the recap's): `3 flags newly accepted`, `1 flag no longer accepted`, as parts for
 * `nonZeroParts` (src/lib/site/words.ts: a zero is left out). Flags of both builds only: a new flag is a new flag.
 */
export function sinceAcceptedParts(newly: number, noLonger: number): Array<[number, string]> {
  return [
    [newly, `${countOf(newly, 'flag')} newly accepted`],
    [noLonger, `${countOf(noLonger, 'flag')} no longer accepted`],
  ];
}
