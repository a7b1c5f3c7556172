/**
 * Accepted flags per project, for the archive home (issue 32): a flag `trailbook.baseline.json`
 * accepts is no open fault, so the home counts it apart, beside the open ones. Only the projects
 * the baseline names are read from the model store (a baseline names few), each once.
 */
import type { Severity } from '../model/types.ts';
import { acceptedFlags, splitBySeverity, type Baseline } from '../baseline/accepted-flags.ts';
import { readModel } from './model-store.ts';

/** Accepted flags by severity, per project id; a project none of whose flags is accepted is absent. */
export type AcceptedCounts = Map<string, Record<Severity, number>>;

/**
 * The accepted flags of each project of `ids` that `baseline` names, by severity. Reads those
 * projects' models from `cacheDir`; throws (naming the file) when one is missing. Empty without
 * a baseline. Deterministic: the map is in the order of `ids`.
 */
export async function acceptedCounts(cacheDir: string, baseline: Baseline | null, ids: readonly string[]): Promise<AcceptedCounts> {
  const out: AcceptedCounts = new Map();
  if (baseline === null || baseline.entries.length === 0) return out;
  const named = new Set(baseline.entries.map((e) => e.project));
  for (const id of ids) {
    if (!named.has(id)) continue;
    const model = await readModel(cacheDir, id);
    const { accepted } = splitBySeverity(model.flags, acceptedFlags(baseline, model, model.flags));
    if (accepted.high + accepted.medium + accepted.low > 0) out.set(id, accepted);
  }
  return out;
}

/** The sum of `counts` by severity. */
export function acceptedTotal(counts: AcceptedCounts): Record<Severity, number> {
  const total: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  for (const c of counts.values()) for (const s of ['high', 'medium', 'low'] as const) total[s] += c[s];
  return total;
}
