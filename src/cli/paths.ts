/** Where Trailbook itself lives, and the defaults that depend on it. */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the folder with package.json and astro.config.mjs). */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The `node_modules` folder Trailbook's dependencies resolve from: its own in a checkout, the
 * one it is installed in otherwise (npm hoists them there), e.g. `/usr/lib/node_modules`.
 */
export function dependenciesFolder(): string {
  const astro = fileURLToPath(import.meta.resolve('astro/package.json'));
  return dirname(dirname(astro));
}

/**
 * `execArgv` for a worker thread running one of Trailbook's `.ts` modules: an installed copy
 * strips types through a hook (bin/type-stripping.js) that worker threads do not inherit.
 */
export function workerExecArgv(): string[] {
  const hook = process.env['TRAILBOOK_TYPE_STRIPPING'];
  return hook ? [...process.execArgv, '--import', hook] : process.execArgv;
}

/** Trailbook's version, from its package.json. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** The bundled example corpus, built when no input folder is given. */
export const EXAMPLE_CORPUS = join(PACKAGE_ROOT, 'content');

/** Whether `child` is `parent` or inside it (absolute paths). */
export function within(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** A path as the user would type it: relative to the working folder when inside it, else absolute. */
export function fromCwd(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel === '') return '.';
  return rel.startsWith('..') ? path : rel;
}
