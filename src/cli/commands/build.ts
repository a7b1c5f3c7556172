/**
 * `trailbook build [DIR...] [--out DIR] [--base PATH] [--strict]`: analyse every project
 * (reusing unchanged ones from the model store), render the site with Astro, index it with
 * pagefind, and print what was found and what needs a person.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import { normaliseBase } from '../../lib/site/urls.ts';
import { resolveInputs } from '../inputs.ts';
import { fromCwd, PACKAGE_ROOT } from '../paths.ts';
import { plural, UsageError, type Output } from '../output.ts';
import { archiveProgress } from '../progress.ts';
import { printFaults, printFound, strictFault, totals } from '../summary.ts';

export interface BuildOptions {
  out: string;
  base: string;
  strict?: boolean;
  cacheDir: string;
  verbose?: boolean;
}

const within = (parent: string, child: string): boolean => child === parent || child.startsWith(parent + sep);

/** Refuses output folders whose emptying would destroy input or the tool itself. */
function checkOutDir(outDir: string, roots: string[]): void {
  const hint = 'pass --out a folder of its own, e.g. --out dist';
  for (const root of roots) {
    if (within(outDir, root)) throw new UsageError(`--out ${fromCwd(outDir)} contains the input folder ${fromCwd(root)}; Astro empties the output folder`, hint);
    if (within(root, outDir)) throw new UsageError(`--out ${fromCwd(outDir)} is inside the input folder ${fromCwd(root)}; the archive would be read as input next time`, hint);
  }
  if (within(outDir, PACKAGE_ROOT) || within(outDir, process.cwd())) throw new UsageError(`--out ${fromCwd(outDir)} would empty ${within(outDir, process.cwd()) ? 'the working folder' : "Trailbook's own folder"}`, hint);
}

async function countFiles(dir: string): Promise<{ files: number; bytes: number; pages: number }> {
  let files = 0;
  let bytes = 0;
  let pages = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = await countFiles(path);
      files += sub.files;
      bytes += sub.bytes;
      pages += sub.pages;
    } else {
      files++;
      bytes += (await stat(path)).size;
      if (entry.name.endsWith('.html')) pages++;
    }
  }
  return { files, bytes, pages };
}

/** Runs the build command; returns the exit code. */
export async function runBuild(dirs: string[], options: BuildOptions, out: Output): Promise<number> {
  const roots = await resolveInputs(dirs);
  const outDir = resolve(options.out);
  checkOutDir(outDir, roots);
  const cacheDir = resolve(options.cacheDir);
  const base = normaliseBase(options.base);
  const started = performance.now();
  out.info(`Trailbook: reading ${roots.map(fromCwd).join(', ')}`);
  const archive = await analyseArchive({ roots, cacheDir, onEvent: archiveProgress(out) });
  const t = totals(archive.projects);
  printFound(out, t);

  process.env['TRAILBOOK_ROOT'] = PACKAGE_ROOT;
  process.env['TRAILBOOK_INPUTS'] = JSON.stringify(roots);
  process.env['TRAILBOOK_CACHE_DIR'] = cacheDir;
  out.info(`Rendering pages and the search index into ${fromCwd(outDir)}${base === '/' ? '' : ` (base ${base})`}…`);
  const renderStarted = performance.now();
  const { build } = await import('astro');
  try {
    await build({ root: PACKAGE_ROOT, outDir, base, logLevel: options.verbose ? 'info' : 'warn', mode: 'production' });
  } catch (error) {
    out.error(`rendering failed: ${(error as Error).message}`);
    return 2;
  }
  const written = await countFiles(outDir);
  out.info(`Rendered ${plural(written.pages, 'page')} (${plural(written.files, 'file')}, ${(written.bytes / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - renderStarted) / 1000).toFixed(1)} s.`);
  printFaults(out, t, archive.projects);
  out.info(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Open ${fromCwd(join(outDir, 'index.html'))}, or serve ${fromCwd(outDir)} (search needs a web server).`);
  if (options.strict) {
    const fault = strictFault(t);
    if (fault) {
      out.error(`--strict: ${fault}`);
      return 1;
    }
  }
  return 0;
}
