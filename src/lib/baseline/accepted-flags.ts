/**
 * Which flags of a project the baseline accepts (issue 32): a flag is accepted when an entry
 * names its project, kind and fingerprint (src/lib/baseline/flag-fingerprint.ts). Accepted
 * flags stay in every list, marked with their reason, and are counted apart; `--fail-on`
 * skips them. Entries that match no flag any more are reported, so the file can be kept
 * short (`trailbook baseline` drops them).
 */
import type { Flag, Severity } from '../model/types.ts';
import type { BaselineEntry } from './baseline-file.ts';
import { flagFingerprint, type FingerprintInput } from './flag-fingerprint.ts';

/** The baseline, indexed for matching. */
export interface Baseline {
  /** Where it was read from, as the user would type it (for messages). */
  file: string;
  entries: readonly BaselineEntry[];
}

/** One flag's acceptance: the entry's reason, or null when it is not accepted. */
export type Acceptance = string | null;

const key = (project: string, kind: string, fingerprint: string): string => `${project}\u0000${kind}\u0000${fingerprint}`;

/**
 * For each flag of `project` (in order), the reason it is accepted, or null. Each entry
 * accepts every flag it matches (two flags with the same fingerprint are the same finding).
 * `used` collects the keys of the entries that matched (see {@link unmatchedEntries}).
 */
export function acceptedFlags(baseline: Baseline | null, project: FingerprintInput, flags: readonly Flag[], used?: Set<string>): Acceptance[] {
  if (baseline === null || baseline.entries.length === 0) return flags.map(() => null);
  const byKey = new Map(baseline.entries.filter((e) => e.project === project.id).map((e) => [key(e.project, e.kind, e.fingerprint), e]));
  if (byKey.size === 0) return flags.map(() => null);
  return flags.map((f) => {
    const k = key(project.id, f.kind, flagFingerprint(project, f));
    const entry = byKey.get(k);
    if (!entry) return null;
    used?.add(k);
    return entry.reason;
  });
}

/** The entries whose key is not in `used`: flags that were fixed, or whose row or cause changed. */
export function unmatchedEntries(baseline: Baseline | null, used: ReadonlySet<string>): BaselineEntry[] {
  return (baseline?.entries ?? []).filter((e) => !used.has(key(e.project, e.kind, e.fingerprint)));
}

/** Flags per severity, accepted ones apart: `open` the flags that count, `accepted` the ones the baseline accepts. */
export function splitBySeverity(flags: ReadonlyArray<Pick<Flag, 'severity' | 'omitted'>>, acceptance: readonly Acceptance[]): { open: Record<Severity, number>; accepted: Record<Severity, number> } {
  const open: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  const accepted: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  flags.forEach((f, i) => {
    (acceptance[i] === null || acceptance[i] === undefined ? open : accepted)[f.severity] += f.omitted ?? 1;
  });
  return { open, accepted };
}

/** The baseline entry that accepts `flag` of `project` as it is now, with `reason` (what `trailbook baseline` writes). */
export function baselineEntry(project: FingerprintInput, flag: Flag, reason: string): BaselineEntry {
  const at = flag.at[0];
  return { project: project.id, kind: flag.kind, fingerprint: flagFingerprint(project, flag), reason, summary: flag.summary, ...(at ? { where: `${at.file}:${at.line}` } : {}) };
}
