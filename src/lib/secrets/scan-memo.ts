/**
 * What earlier builds scanned for secrets and found clean (issue 30): cited commits and cited
 * repository files, so a rebuild after one row is appended does not read and scan again, cold,
 * every commit and file the changed project cites (most of a one-row rebuild's `secrets` step
 * on an archive citing one monorepo). Only "nothing found" is remembered, never a secret or
 * where it was: a text with a find is scanned again each build.
 *
 * The memo is checked, not trusted: each entry is a digest of what the scan read — the
 * repository's git directory and its object set (src/lib/git/repository.ts `repositoryStateKey`:
 * a fetch, a commit or a repack changes it), the commit SHA, or the landed head and the path —
 * and the file is keyed by Trailbook's code, the secret settings and the scanner's locked
 * version, with a sha256 of its entries: a file of another code or settings, cut short or
 * altered, is dropped (damage with a notice, issue 28), so everything is scanned again. It is
 * written whole or not at all (`writeAtomic`), so a build killed at any instant leaves the
 * previous memo or the new one.
 *
 * File: `<cacheDir>/secret-scans.json`, `{ format: 1, key, sha256, clean: string[] }`.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCacheJson, writeAtomic } from '../fs/cache-files.ts';
import { cacheNotice } from '../fs/cache-notice.ts';

const FILE = 'secret-scans.json';

/** Entries kept at most; past that the memo starts again (it only saves reads). */
export const MAX_SCAN_MEMO_ENTRIES = 500_000;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The versions of the secretlint packages the scan runs (src/lib/secrets/secretlint-scan.ts): another version may find more. */
async function scannerVersions(): Promise<string[]> {
  const out: string[] = [];
  for (const name of ['@secretlint/core', '@secretlint/secretlint-rule-preset-recommend']) {
    let version = 'unknown';
    try {
      for (let dir = dirname(fileURLToPath(import.meta.resolve(name))); dirname(dir) !== dir; dir = dirname(dir)) {
        const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8').catch(() => 'null')) as { name?: string; version?: string } | null;
        if (manifest?.name === name) {
          version = String(manifest.version);
          break;
        }
      }
    } catch {
      // Unresolvable: the key says so, and a later build that resolves it scans again.
    }
    out.push(`${name}@${version}`);
  }
  return out;
}

/**
 * The key of a scan by `code` (Trailbook's code digest and the secret settings, as
 * src/lib/archive/analyse-archive.ts makes it) with the scanner installed: a scan found clean
 * under one key may find something under another.
 */
export async function scanKey(code: string): Promise<string> {
  return sha256(JSON.stringify([code, await scannerVersions()]));
}

interface MemoFile {
  format: 1;
  key: string;
  sha256: string;
  clean: string[];
}

/** The scans found clean, loaded from and saved to one cache folder. */
export class ScanMemo {
  readonly #file: string;
  readonly #key: string;
  readonly #clean: Set<string>;
  #changed = false;

  private constructor(file: string, key: string, clean: Set<string>) {
    this.#file = file;
    this.#key = key;
    this.#clean = clean;
  }

  /**
   * The memo of `cacheDir` for scans by `code`: Trailbook's code and the secret settings
   * (src/lib/archive/analyse-archive.ts passes its code digest, which holds
   * `secretSettingsKey`); empty when there is none, when it was written under other code,
   * settings or scanner, or when it is damaged (then with a cache notice). Never throws.
   */
  static async open(cacheDir: string, code: string): Promise<ScanMemo> {
    const file = join(cacheDir, FILE);
    const key = await scanKey(code);
    const data = await readCacheJson<Partial<MemoFile>>(file, (problem) => cacheNotice(FILE, problem));
    const clean = new Set<string>();
    let held = false;
    if (data && typeof data === 'object' && data.format === 1 && data.key === key && Array.isArray(data.clean) && data.clean.every((e) => typeof e === 'string')) {
      if (data.sha256 === sha256(data.clean.join('\n'))) {
        for (const e of data.clean) clean.add(e);
        held = true;
      } else cacheNotice(FILE, 'its entries are not as written: their sha256 differs');
    }
    const memo = new ScanMemo(file, key, clean);
    // A memo dropped (damaged, of other code or settings) is written again even if this build scans nothing new.
    memo.#changed = !held;
    return memo;
  }

  /** The entry of a scan: a digest of `parts` (what the scanned text is made of). */
  static entry(...parts: string[]): string {
    return sha256(parts.join('\u0000')).slice(0, 40);
  }

  /** Whether the scan `entry` found nothing in an earlier build. */
  isClean(entry: string): boolean {
    return this.#clean.has(entry);
  }

  /** Remembers that the scan `entry` found nothing. */
  markClean(entry: string): void {
    if (this.#clean.has(entry)) return;
    if (this.#clean.size >= MAX_SCAN_MEMO_ENTRIES) this.#clean.clear();
    this.#clean.add(entry);
    this.#changed = true;
  }

  /** Writes the memo when it changed (atomically). */
  async save(): Promise<void> {
    if (!this.#changed) return;
    const clean = [...this.#clean].sort();
    const file: MemoFile = { format: 1, key: this.#key, sha256: sha256(clean.join('\n')), clean };
    await writeAtomic(this.#file, JSON.stringify(file));
    this.#changed = false;
  }
}
