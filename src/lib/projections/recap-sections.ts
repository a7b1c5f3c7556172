/**
 * The sections a project recap shows, in page order (spec/archive.md "Project recap"; the
 * seed's order: decision trail, Part 1 "Where it is shown" and Part 3), for its table of
 * contents. Each entry's `id` is the section heading's id on the page; a section is listed
 * exactly when the page renders it (tests/e2e/recap-layout.test.ts holds the two together).
 * Pure.
 */
import type { ProjectModel } from '../model/types.ts';
import { hasDecisionTrail } from './audit-state.ts';
import { problemTotal } from './counts.ts';

/** One entry of the table of contents. */
export interface RecapSection {
  /** The section heading's id (`#attention`). */
  id: string;
  label: string;
  /** A count shown beside the label (flags, rows, blockers), or null. */
  count: number | null;
  /** True when the count is something a person must look at (shown as a warning). */
  attention: boolean;
}

type SectionInput = Pick<ProjectModel, 'sources' | 'counts' | 'rows' | 'handover' | 'arena' | 'verdicts' | 'coordination' | 'beads' | 'babysit' | 'invalid' | 'telemetry'>;

/**
 * The recap's sections, in page order, with their counts. `history` says whether the build
 * history's "Since the last build" and "Trend" are shown (src/components/ProjectHistory.astro).
 */
export function recapSections(model: SectionInput, history: { since: boolean; trend: boolean } = { since: false, trend: false }): RecapSection[] {
  const c = model.counts;
  const trail = hasDecisionTrail(model.sources);
  const out: RecapSection[] = [];
  const add = (id: string, label: string, count: number | null = null, attention = false): void => void out.push({ id, label, count, attention: attention && count !== null && count > 0 });
  if (history.since) add('since-last-build', 'Since the last build');
  if (model.sources.some((s) => s.notRead)) add('not-read', 'Not read yet');
  if (c.openBlockers > 0) add('open-blockers', 'Open blockers', c.openBlockers, true);
  if (trail) add('check-first', 'Check first', c.checkFirstOpen, true);
  add('attention', 'Attention', problemTotal(c), true);
  if (model.handover) add('handover', 'Handover');
  if (trail) add('decisions', 'Decisions', c.rows);
  if (trail && model.rows.length > 0) add('phases', 'Phases');
  if (history.trend) add('trend', 'Trend');
  if (model.arena) add('design-arena', 'Design arena');
  const v = model.verdicts;
  if (v && (v.qa.length > 0 || v.skills.length > 0)) add('verdicts', 'Verdicts');
  if (v && v.reviews.length > 0) add('review-findings', 'Review findings');
  if (v && v.loops.length > 0) add('repair-loops', 'Repair loops');
  if (model.coordination || model.beads || model.babysit) add('coordination', 'Coordination');
  if (model.invalid.length > 0) add('invalid', 'Invalid records', c.invalid, true);
  if (model.telemetry.length > 0) add('telemetry', 'Telemetry', c.telemetry);
  return out;
}
