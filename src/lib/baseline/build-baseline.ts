/**
 * The baseline a build shows its accepted flags from (issue 32): `trailbook build` reads
 * `trailbook.baseline.json` (src/cli/baseline-file.ts) and hands it to Astro's pages in
 * `TRAILBOOK_BASELINE` (JSON `{ file, entries }`, as src/lib/archive/build-env.ts hands the
 * other settings); the recap's Attention marks each accepted flag with its reason.
 */
import type { Baseline } from './accepted-flags.ts';
import { parseBaseline } from './baseline-file.ts';

/** The environment variable's name. */
export const BASELINE_ENV = 'TRAILBOOK_BASELINE';

/** The value of {@link BASELINE_ENV} for `baseline`. */
export function baselineEnvValue(baseline: Baseline): string {
  return JSON.stringify({ file: baseline.file, entries: baseline.entries });
}

/** The build's baseline, or null when it has none. Throws when the variable holds something else than the CLI writes. */
export function buildBaseline(value: string | undefined = process.env[BASELINE_ENV]): Baseline | null {
  if (value === undefined || value === '') return null;
  const { file, entries } = JSON.parse(value) as { file: string; entries: unknown };
  return { file, entries: parseBaseline(JSON.stringify({ version: 'trailbook.baseline/1', accepted: entries }), file) };
}
