/** Where Trailbook itself lives, and the defaults that depend on it. */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the folder with package.json and astro.config.mjs). */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The bundled example corpus, built when no input folder is given. */
export const EXAMPLE_CORPUS = join(PACKAGE_ROOT, 'content');

/** Default model store and build cache, relative to the working directory. */
export const DEFAULT_CACHE_DIR = '.trailbook-cache';

/** A path as the user would type it: relative to the working folder when inside it, else absolute. */
export function fromCwd(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel === '') return '.';
  return rel.startsWith('..') ? path : rel;
}

/** Trailbook's version, from its package.json. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
