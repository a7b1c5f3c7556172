/**
 * Where a coordination or beads flag's locations land on the recap: `file:line` → anchor of
 * the timeline event or of the issue in the issue list (history entries land on their issue).
 * Attention uses it to link flags that are not about a decision row. Pure.
 */
import type { ProjectModel } from '../model/types.ts';

/** The anchor map of one project's lifecycle records. */
export function lifecycleAnchors(model: Pick<ProjectModel, 'coordination' | 'beads'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of model.coordination?.events ?? []) out[`${e.file}:${e.line}`] ??= e.anchor;
  for (const issue of model.beads?.issues ?? []) {
    if (issue.at) out[`${issue.at.file}:${issue.at.line}`] ??= issue.anchor;
    for (const h of issue.history) out[`${h.file}:${h.line}`] ??= issue.anchor;
  }
  return out;
}
