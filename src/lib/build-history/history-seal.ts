/**
 * The seal of the history file a build wrote (issue 30; issue 29 for what is secret): a build
 * reads the previous `history.json` back and scans every text of it for secrets (written by an
 * earlier Trailbook, before secrets were redacted, or under `--no-redact`, it is redacted as it
 * is read: src/cli/history.ts). At 1,000 projects that is about 12 MB of text, 0.4 s of every
 * one-row rebuild, to find nothing in what this Trailbook wrote itself.
 *
 * So a build that wrote a history in which no text holds a secret — the history it read, whose
 * scan found nothing and in which nothing was replaced, and every text it added scanned here
 * and found clean — records in its cache the sha256 of the bytes it wrote and the key of the
 * scan (Trailbook's code, the secret settings and the scanner's version:
 * src/lib/secrets/scan-memo.ts `scanKey`). The next build skips the scan only when the file it
 * reads has exactly those bytes and its scan key is the same: a history edited, replaced, cut
 * short or written by another Trailbook or under other settings is scanned whole, as before.
 * The outcome is the same either way (a scan of those texts finds nothing); only the time differs.
 *
 * File: `<cacheDir>/history-seal.json`, `{ format: 1, key, sha256 }`; written whole or not at all.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readCacheJson, removeCacheFile, writeAtomic } from '../fs/cache-files.ts';
import { cacheNotice } from '../fs/cache-notice.ts';
import type { BuildHistory } from './build-history.ts';
import type { ProjectState } from './project-state.ts';

const FILE = 'history-seal.json';

/** `<cacheDir>/history-seal.json`. */
export interface HistorySeal {
  format: 1;
  /** The scan key the texts were found clean under. */
  key: string;
  /** sha256 hex of the history file's bytes as written. */
  sha256: string;
}

/** sha256 hex of a history file's bytes (its text as UTF-8). */
export function historyDigest(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The seal of `cacheDir`, or null when there is none or it is not one (a damaged one with a cache notice). Never throws. */
export async function readHistorySeal(cacheDir: string): Promise<HistorySeal | null> {
  const data = await readCacheJson<Partial<HistorySeal>>(join(cacheDir, FILE), (problem) => cacheNotice(FILE, problem));
  if (data === null || typeof data !== 'object' || data.format !== 1 || typeof data.key !== 'string' || typeof data.sha256 !== 'string') return null;
  return { format: 1, key: data.key, sha256: data.sha256 };
}

/** Writes the seal (atomically), or removes it (`null`: the history written is not known clean). */
export async function writeHistorySeal(cacheDir: string, seal: HistorySeal | null): Promise<void> {
  if (seal === null) await removeCacheFile(join(cacheDir, FILE));
  else await writeAtomic(join(cacheDir, FILE), JSON.stringify(seal));
}

/** Whether the history file whose bytes have sha256 `digest` is the one `seal` describes, for scans under `key`. */
export function sealHolds(seal: HistorySeal | null, digest: string, key: string): boolean {
  return seal !== null && seal.sha256 === digest && seal.key === key;
}

function sameState(a: ProjectState | undefined, b: ProjectState): boolean {
  return a !== undefined && a.title === b.title && a.rows === b.rows && JSON.stringify(a.counts) === JSON.stringify(b.counts) && JSON.stringify(a.flags) === JSON.stringify(b.flags);
}

/**
 * What `history` holds that `previous` (the history read, as it stands after its redaction)
 * did not: its newest build's record and every state not in `previous` with the same content.
 * Every other text of `history` is a text of `previous` (older builds' records are kept as read,
 * older states keep their title and counts).
 */
export function addedParts(history: BuildHistory, previous: BuildHistory | null): unknown[] {
  const added: unknown[] = [history.builds[history.builds.length - 1]];
  for (const [key, state] of Object.entries(history.states)) if (!sameState(previous?.states[key], state)) added.push({ [key]: state });
  return added;
}
