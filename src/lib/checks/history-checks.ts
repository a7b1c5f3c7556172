/**
 * The checks on the records' own git history (decision trail, Part 1, "Append-only";
 * issue 15), in the order they run. src/lib/checks/index.ts appends them to its list.
 */
import type { Check } from './check.ts';
import { trailHistory } from './history/trail-history.ts';

/** Rows rewritten, deleted or inserted after they were committed; committed documents changed. */
export const HISTORY_CHECKS: readonly Check[] = [trailHistory];
