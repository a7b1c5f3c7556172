/**
 * The build history in `trailbook build` (issue 15, scope 3; docs/history.md): read the
 * previous history (`--history FILE`, else `history.json` of the previous output, each with
 * its states file beside it), append this build, write the pages' views, and — once the new
 * output is complete — put the new history into it (and back into `--history FILE`).
 */
import { redactFound, SecretFinds, scanRecords } from '../lib/secrets/found-secrets.ts';
import { secretSettingsKey } from '../lib/secrets/detect.ts';
import { scanKey } from '../lib/secrets/scan-memo.ts';
import { codeDigest } from '../lib/archive/code-digest.ts';
import { addedParts, historyDigest, readHistorySeal, sealHolds, writeHistorySeal } from '../lib/build-history/history-seal.ts';
import { DEFAULT_SECRET_SETTINGS, type SecretSettings } from '../lib/config/secret-settings.ts';
import type { Redaction } from '../lib/secrets/redaction.ts';
import { basename, join, resolve } from 'node:path';
import type { ProjectSummary } from '../lib/archive/summary.ts';
import { DEFAULT_HISTORY_LIMIT, sourceDateEpoch } from '../lib/build-history/build-history.ts';
import { HISTORY_FILE, historyFiles, readHistoryFile, writeHistoryFiles, type HistoryFiles, type StatesRead } from '../lib/build-history/history-store.ts';
import { STATES_FILE } from '../lib/build-history/history-states-file.ts';
import { recordBuild, type RecordedBuild } from '../lib/archive/archive-history.ts';
import type { AcceptedCounts } from '../lib/archive/accepted-counts.ts';
import { plural, UsageError, type Output } from './output.ts';
import { fromCwd } from './paths.ts';
import { nonZeroParts } from '../lib/site/words.ts';
import { sinceAcceptedParts } from '../lib/site/accepted-words.ts';

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

/**
 * The one line a build says when the `history.json` it read has no states file it can use
 * (issue 30; docs/history.md): which file, what this build cannot say (what changed in each
 * project since build `previous`), what it keeps, and the recipe line that fetches the file
 * (from `root`, the archive's public address ending in `/`, when `--site` gives one).
 */
export function statesMissingLine(historyPath: string, states: Extract<StatesRead, { found: false }>, previous: number, root: string | null = null): string {
  const name = fromCwd(states.path);
  const what = states.why === 'missing' ? `${name} was not found` : states.why === 'other' ? `${name} is not the states file ${basename(historyPath)} names (another build's)` : `${name} cannot be read (${states.detail ?? 'damaged'})`;
  return `  warning: ${what}: the history goes on (build numbers, since, trends), but what changed in each project since build ${previous} (new rows, new and fixed flags, evidence whose status changed) is not known for this build; fetch it with ${basename(historyPath)} (docs/publishing.md): curl -fsS ${root ?? '<archive URL>/'}${STATES_FILE} -o ${name} || true`;
}

/** What one build's history step leaves to do once the output is rendered. */
export interface PendingHistory {
  recorded: RecordedBuild;
  /** Writes `history.json` and its states file into the new (staged) output folder. */
  write(newOut: string): Promise<void>;
  /**
   * Writes `--history FILE` (and its states file beside it), once the new output is in place: a run stopped before that
   * leaves the file without it, so a build is counted once, by the run that completed.
   */
  commit(): Promise<void>;
}

/**
 * Appends this build to the history and writes the views the pages read (`projectViews`
 * false: the home's only, for a merge whose recaps come from their shards). The history read
 * back is redacted under `secretSettings` (the build's, or the shards' for a merge) and of the
 * values this run found (`secrets`). `root`: the archive's public address (ending in `/`), named in
 * the line that says a states file is missing. `accepted`: each project's flags the baseline
 * accepts, remembered in its state (what is newly accepted, or no longer, is said: count16).
 */
export async function recordHistory(flags: HistoryFlags, outDir: string, cacheDir: string, projects: readonly ProjectSummary[], run: string, out: Output, projectViews = true, secrets?: Redaction, secretSettings: SecretSettings = DEFAULT_SECRET_SETTINGS, root: string | null = null, accepted?: AcceptedCounts): Promise<PendingHistory> {
  const limit = historyLimit(flags.historyLimit);
  const file = flags.history !== undefined ? resolve(flags.history) : null;
  const from = file ?? join(outDir, HISTORY_FILE);
  const read = await readHistoryFile(from);
  if (read.problem) out.info(`  warning: ${read.problem}; starting a new build history`);
  // history.json without its states file: the history goes on, without the previous states' rows and flags (issue 30).
  const states = read.states;
  const lost = read.history !== null && states !== undefined && !states.found ? states : null;
  if (lost) out.info(statesMissingLine(from, lost, read.history?.builds[read.history.builds.length - 1]?.build ?? 0, root));
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
  const recorded = await recordBuild({ cacheDir, projects, previous: read.history, previousDetail: lost === null, previousAcceptance: read.acceptance === true, limit, run, projectViews, ...(accepted ? { accepted } : {}), ...(at !== undefined ? { at } : {}) });
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
    const unknown = a.notCompared > 0 ? `${plural(a.notCompared, 'project')} changed in ways not known (no states file)` : '';
    out.info(`  history: build ${a.build} (${plural(a.kept, 'build')} kept); since build ${a.previous}: ${changed === 0 && unknown === '' ? 'no project changed' : [changed > 0 ? `${plural(changed, 'project')} new or changed` : '', unknown, nonZeroParts([[a.totals.newRows, plural(a.totals.newRows, 'new row')], [a.totals.newFlags, plural(a.totals.newFlags, 'new flag')], [a.totals.fixedFlags, plural(a.totals.fixedFlags, 'fixed flag')], ...sinceAcceptedParts(a.totals.newlyAccepted, a.totals.noLongerAccepted)])].filter((s) => s !== '').join(', ')}`);
  }
  // The files, made once for the output and --history FILE; a state whose line is the one read keeps its compressed bytes (one project changed: one line compressed).
  let files: HistoryFiles | null = null;
  const filesOf = (): HistoryFiles => (files ??= historyFiles(recorded.history, read.states?.found ? read.states.parts : undefined));
  return {
    recorded,
    async write(newOut: string): Promise<void> {
      // The seal goes first, removed: a build stopped between the two never leaves a seal of other bytes than the file's.
      await writeHistorySeal(cacheDir, null);
      const written = filesOf();
      await writeHistoryFiles(join(newOut, HISTORY_FILE), written);
      // history.json names its states file by sha256 (checked as it is read): its seal covers both.
      if (writtenClean && key !== null) await writeHistorySeal(cacheDir, { format: 1, key, sha256: historyDigest(written.json) });
    },
    async commit(): Promise<void> {
      if (file) await writeHistoryFiles(file, filesOf());
    },
  };
}
