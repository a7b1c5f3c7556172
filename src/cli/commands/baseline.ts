/**
 * `trailbook baseline [DIR...] --reason TEXT [--baseline FILE]` (issue 32): accepts the flags
 * the records have now, so `trailbook check --fail-on` can be turned on in a repository whose
 * trail already had flags. Writes `trailbook.baseline.json` (src/lib/baseline/baseline-file.ts)
 * with one entry per flag: entries already in the file keep their reason, new ones get
 * `--reason`, and entries that match no flag any more are dropped. Commit the file; edit a
 * reason to say why that flag is accepted. `--kind` accepts only flags of the kinds named.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import { FLAG_KINDS } from '../../lib/checks/index.ts';
import { baselineText, type BaselineEntry } from '../../lib/baseline/baseline-file.ts';
import { acceptedFlags, baselineEntry } from '../../lib/baseline/accepted-flags.ts';
import { baselinePath, readBaseline } from '../baseline-file.ts';
import { plural, UsageError, type Output } from '../output.ts';
import { fromCwd } from '../paths.ts';
import { archiveProgress } from '../progress.ts';
import { nothingFoundLines } from '../summary.ts';
import { resolveSettings } from '../settings.ts';

/** Options of `trailbook baseline`. */
export interface BaselineOptions {
  config?: string;
  example?: boolean;
  /** `--reason TEXT`: why the new entries are accepted (required). */
  reason?: string;
  /** `--baseline FILE`: the file to write (default: trailbook.baseline.json beside the configuration file, else here). */
  baseline?: string;
  /** `--kind KIND...`: accept only flags of these kinds. */
  kind?: string[];
  quiet?: boolean;
}

/** Runs `trailbook baseline`; returns the exit code. */
export async function runBaseline(dirs: string[], options: BaselineOptions, out: Output): Promise<number> {
  const reason = options.reason?.trim() ?? '';
  if (reason === '') throw new UsageError('trailbook baseline needs a reason', 'say why these flags are accepted, e.g. --reason "flags of the trail before the gate was turned on"');
  const settings = await resolveSettings(dirs, { ...(options.config === undefined ? {} : { config: options.config }), ...(options.example ? { example: true } : {}) });
  const path = baselinePath(options.baseline, settings.loaded?.file ?? null);
  // An existing file must be readable: its reasons are kept.
  const previous = await readBaseline(options.baseline ?? path, null).catch((error: unknown) => {
    if (error instanceof UsageError) return null;
    throw error;
  });
  const kinds = options.kind && options.kind.length > 0 ? new Set(options.kind) : null;
  const entries: BaselineEntry[] = [];
  const seen = new Set<string>();
  /** Every kind the records' flags have: a --kind that is none of them is said. */
  const present = new Set<string>();
  let kept = 0;
  let added = 0;
  const result = await analyseArchive({
    roots: settings.roots,
    cacheDir: null,
    repositoryRules: settings.repositories,
    bdExport: settings.bdExport,
    allowRepositories: settings.allowRepositories,
    ...(settings.accept ? { accept: settings.accept } : {}),
    ...(options.quiet ? {} : { onEvent: archiveProgress(out) }),
    onModel: (model) => {
      const earlier = acceptedFlags(previous, model, model.flags);
      model.flags.forEach((flag, i) => {
        present.add(flag.kind);
        const known = earlier[i] ?? null;
        if (known === null && kinds !== null && !kinds.has(flag.kind)) return;
        const entry = baselineEntry(model, flag, known ?? reason);
        const key = `${entry.project}\u0000${entry.kind}\u0000${entry.fingerprint}`;
        if (seen.has(key)) return;
        seen.add(key);
        entries.push(entry);
        if (known === null) added++;
        else kept++;
      });
    },
  });
  if (result.projects.length === 0) {
    for (const line of nothingFoundLines(settings.roots, ', so no flag was accepted')) out.error(line);
    return 2;
  }
  if (kinds !== null) {
    // A --kind no flag has: a typo, or a folder read as a kind (`--kind KIND...` takes every
    // word after it), would otherwise write a file accepting nothing, and say so only as "0"
    // (found by use7). A kind Trailbook raises that these records lack is only noted.
    const absent = [...kinds].filter((k) => !present.has(k));
    const unknown = absent.filter((k) => !FLAG_KINDS.some((f) => f.kind === k));
    if (unknown.length > 0) {
      const have = [...present].sort();
      throw new UsageError(
        `--kind ${unknown.join(', ')}: ${unknown.length === 1 ? 'not a kind' : 'not kinds'} of Trailbook's flags nor of these records' flags; nothing was written`,
        `use kinds as trailbook check prints them (${have.length > 0 ? `these records have ${have.join(', ')}` : 'these records have no flag'}; every kind: docs/checks.md); put folders before --kind: trailbook baseline DIR --kind KIND`,
      );
    }
    for (const k of absent) out.info(`  note: no flag here is of kind ${k}; none accepted for it`);
  }
  const dropped = (previous?.entries.length ?? 0) - kept;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, baselineText(entries));
  out.info(`Wrote ${fromCwd(path)}: ${plural(entries.length, 'accepted flag')} (${added} new with the reason given, ${kept} kept with their own${dropped > 0 ? `, ${dropped} dropped: no flag matches ${dropped === 1 ? 'it' : 'them'} any more` : ''}).`);
  out.info('Commit it. trailbook check shows these flags as accepted and --fail-on skips them; a flag whose row or cause changes is no longer accepted. Edit a reason to say why that flag is accepted.');
  return 0;
}
