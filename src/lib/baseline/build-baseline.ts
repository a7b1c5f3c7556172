/**
 * The baseline a build shows its accepted flags from (issue 32): `trailbook build` reads
 * `trailbook.baseline.json` (src/cli/baseline-file.ts) and hands it to Astro's pages in the
 * build context's `baseline` (src/lib/config/build-context.ts, `{ file, entries }`); the
 * recap's Attention marks each accepted flag with its reason.
 */
import type { BuildContext } from '../config/build-context.ts';
import type { Baseline } from './accepted-flags.ts';
import { parseBaseline } from './baseline-file.ts';

/** The build context's `baseline` for `baseline`. */
export function baselineContextValue(baseline: Baseline): NonNullable<BuildContext['baseline']> {
  return { file: baseline.file, entries: [...baseline.entries] };
}

/**
 * The build's baseline from its context's `baseline` (`buildContext().baseline`), or null when
 * it has none. The entries are checked again, as the file is: throws naming the file and entry
 * when they are not what the CLI writes.
 */
export function buildBaseline(value: BuildContext['baseline'] | undefined): Baseline | null {
  if (value === undefined || value === null) return null;
  return { file: value.file, entries: parseBaseline(JSON.stringify({ version: 'trailbook.baseline/1', accepted: value.entries }), value.file) };
}
