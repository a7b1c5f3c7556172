/**
 * The build history in `trailbook build` (issue 15, scope 3; docs/history.md): read the
 * previous history (`--history FILE`, else `history.json` of the previous output), append
 * this build, write the pages' views, and — once the new output is complete — put the new
 * history into it (and back into `--history FILE`).
 */
import { redactFound, SecretFinds, scanRecords } from '../lib/secrets/found-secrets.ts';
import { secretSettingsKey } from '../lib/secrets/detect.ts';
import { scanKey } from '../lib/secrets/scan-memo.ts';
import { codeDigest } from '../lib/archive/code-digest.ts';
import { addedParts, historyDigest, readHistorySeal, sealHolds, writeHistorySeal } from '../lib/build-history/history-seal.ts';
import { DEFAULT_SECRET_SETTINGS, type SecretSettings } from '../lib/config/secret-settings.ts';
import type { Redaction } from '../lib/secrets/redaction.ts';
import { join, resolve } from 'node:path';
import type { ProjectSummary } from '../lib/archive/summary.ts';
import { DEFAULT_HISTORY_LIMIT, sourceDateEpoch } from '../lib/build-history/build-history.ts';
import { HISTORY_FILE, readHistoryFile, writeHistoryFile } from '../lib/build-history/history-store.ts';
import { recordBuild, type RecordedBuild } from '../lib/archive/archive-history.ts';
import { plural, UsageError, type Output } from './output.ts';
import { fromCwd } from './paths.ts';
import { nonZeroParts } from '../lib/site/words.ts';

/** `--history` and `--history-limit` as commander hands them over. */
export interface HistoryFlags {
  history?: string;
  historyLimit?: string;
}

/** Reads `--history-limit` (a whole number ≥ 1). */
export function historyLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_HISTORY_LIMIT;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new UsageError(`--history-limit ${value} is not a whole number of builds ≥ 1`, `pass e.g. --history-limit ${DEFAULT_HISTORY_LIMIT}`);
  return Number(value);
}

/** What one build's history step leaves to do once the output is rendered. */
export interface PendingHistory {
  recorded: RecordedBuild;
  /** Writes `history.json` into the new (staged) output folder. */
  write(newOut: string): Promise<void>;
  /**
   * Writes `--history FILE`, once the new output is in place: a run stopped before that
   * leaves the file without it, so a build is counted once, by the run that completed.
   */
  commit(): Promise<void>;
}

/**
 * Appends this build to the history and writes the views the pages read (`projectViews`
 * false: the home's only, for a merge whose recaps come from their shards). The history read
 * back is redacted under `secretSettings` (the build's, or the shards' for a merge) and of the
 * values this run found (`secrets`).
 */
export async function recordHistory(flags: HistoryFlags, outDir: string, cacheDir: string, projects: readonly ProjectSummary[], run: string, out: Output, projectViews = true, secrets?: Redaction, secretSettings: SecretSettings = DEFAULT_SECRET_SETTINGS): Promise<PendingHistory> {
  const limit = historyLimit(flags.historyLimit);
  const file = flags.history !== undefined ? resolve(flags.history) : null;
  const from = file ?? join(outDir, HISTORY_FILE);
  const read = await readHistoryFile(from);
  if (read.problem) out.info(`  warning: ${read.problem}; starting a new build history`);
  // The scan of what is read is skipped for the bytes this Trailbook wrote, all found clean under the same scan key (src/lib/build-history/history-seal.ts).
  const key = secretSettings.redact ? await scanKey(`${await codeDigest()}:${secretSettingsKey(secretSettings)}`) : null;
  const seal = key !== null && read.history ? await readHistorySeal(cacheDir) : null;
  // Whether every text of the history read is known clean (after its scan, if it ran), with nothing in it replaced.
  let readClean = key !== null;
  // A history written by an earlier build (before secrets were redacted, or under --no-redact) is published again: its texts are redacted as they are read (src/lib/secrets/).
  // The values this run found are replaced too, with the starts of those a text cut (a flag's quote), which no rule recognises alone.
  if (read.history) {
    if (key === null || !sealHolds(seal, read.sha256 ?? '', key)) readClean = (await redactFound(read.history, secretSettings)) === 0 && readClean;
    if (secrets && secrets.size > 0) {
      secrets.redactDeep(read.history);
      readClean = false;
    }
  }
  const at = sourceDateEpoch(process.env['SOURCE_DATE_EPOCH']);
  const recorded = await recordBuild({ cacheDir, projects, previous: read.history, limit, run, projectViews, ...(at !== undefined ? { at } : {}) });
  // The history written is sealed when its every text is known clean: what was read, and what this build added, scanned now.
  let writtenClean = false;
  if (readClean && key !== null) {
    const finds = new SecretFinds();
    await scanRecords(addedParts(recorded.history, read.history), finds, secretSettings);
    writtenClean = finds.list().length === 0;
  }
  const a = recorded.archive;
  if (a.previous === null) out.info(`  history: build ${a.build}, the first of ${file ? fromCwd(file) : 'this output folder'}'s history`);
  else {
    const changed = a.projects.filter((p) => p.kind !== 'gone').length;
    out.info(`  history: build ${a.build} (${plural(a.kept, 'build')} kept); since build ${a.previous}: ${changed === 0 ? 'no project changed' : [`${plural(changed, 'project')} new or changed`, nonZeroParts([[a.totals.newRows, plural(a.totals.newRows, 'new row')], [a.totals.newFlags, plural(a.totals.newFlags, 'new flag')], [a.totals.fixedFlags, plural(a.totals.fixedFlags, 'fixed flag')]])].filter((s) => s !== '').join(', ')}`);
  }
  return {
    recorded,
    async write(newOut: string): Promise<void> {
      // The seal goes first, removed: a build stopped between the two never leaves a seal of other bytes than the file's.
      await writeHistorySeal(cacheDir, null);
      const written = await writeHistoryFile(join(newOut, HISTORY_FILE), recorded.history);
      if (writtenClean && key !== null) await writeHistorySeal(cacheDir, { format: 1, key, sha256: historyDigest(written) });
    },
    async commit(): Promise<void> {
      if (file) await writeHistoryFile(file, recorded.history);
    },
  };
}
