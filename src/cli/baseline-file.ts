/**
 * Where the CLI finds `trailbook.baseline.json` (src/lib/baseline/): `--baseline FILE`, else the
 * file of that name beside the configuration file, else in the working folder. A file named
 * with `--baseline` must exist; the default one may be absent (no flag is accepted).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../lib/config/config-error.ts';
import { BASELINE_FILE, BaselineError, parseBaseline } from '../lib/baseline/baseline-file.ts';
import type { Baseline } from '../lib/baseline/accepted-flags.ts';
import { UsageError } from './output.ts';
import { fromCwd } from './paths.ts';

/** The baseline file's absolute path: `given`, else beside `configFile`, else in the working folder. */
export function baselinePath(given: string | undefined, configFile: string | null): string {
  return given !== undefined ? resolve(given) : join(configFile ? dirname(configFile) : process.cwd(), BASELINE_FILE);
}

/**
 * Reads the baseline; null when the default file is absent. Throws {@link UsageError} when a
 * file named with `--baseline` is missing, {@link ConfigError} (file and entry named) when it is
 * not a usable baseline.
 */
export async function readBaseline(given: string | undefined, configFile: string | null): Promise<Baseline | null> {
  const path = baselinePath(given, configFile);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' && given === undefined) return null;
    throw new UsageError(`cannot read the baseline ${fromCwd(path)} (${error.code ?? error.message})`, 'write it with trailbook baseline --reason TEXT, or pass the file it is in with --baseline FILE');
  });
  if (text === null) return null;
  try {
    return { file: fromCwd(path), entries: parseBaseline(text, fromCwd(path)) };
  } catch (error) {
    if (error instanceof BaselineError) throw new ConfigError(error.problems, 'fix the entry (each needs project, kind, a 16-hex fingerprint and a reason), or write the file again with trailbook baseline --reason TEXT');
    throw error;
  }
}
