/**
 * How the CLI hands a build to Astro: environment variables, because Astro runs the content
 * config and the pages in its own module graph. astro.config.mjs sets the defaults, so a
 * plain `astro build` builds the bundled example corpus.
 * - `TRAILBOOK_INPUTS`: JSON array of absolute input folders.
 * - `TRAILBOOK_CACHE_DIR`: absolute model-store folder.
 */
export interface BuildEnv {
  inputs: string[];
  cacheDir: string;
}

/** Reads the build environment. Throws with the variable's name when it is missing or malformed. */
export function buildEnv(): BuildEnv {
  const inputs = process.env['TRAILBOOK_INPUTS'];
  const cacheDir = process.env['TRAILBOOK_CACHE_DIR'];
  if (!inputs || !cacheDir) throw new Error('TRAILBOOK_INPUTS and TRAILBOOK_CACHE_DIR must be set (astro.config.mjs sets defaults; run the build through `trailbook build`)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(inputs);
  } catch {
    throw new Error(`TRAILBOOK_INPUTS is not a JSON array of folders: ${inputs}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string')) throw new Error(`TRAILBOOK_INPUTS is not a JSON array of folders: ${inputs}`);
  return { inputs: parsed, cacheDir };
}
