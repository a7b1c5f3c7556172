/**
 * What a `.beads/` folder without a JSONL export keeps (issue 18): since beads 1.0 the store
 * is a Dolt database and `.beads/issues.jsonl` an opt-in export (beads #4062). The folder's
 * `metadata.json` names the backend and mode (gastownhall/beads
 * `internal/configfile/configfile.go`: `database`, `backend`, `dolt_mode` `embedded` |
 * `server` | `proxied-server`, `dolt_database`, and `last_bd_version` in older files); the
 * database itself is `.beads/embeddeddolt/<db>/` (embedded, bd's default), `.beads/dolt/<db>/`
 * (a `dolt sql-server`'s data folder) or, before 1.0, a SQLite `*.db`. Trailbook reads none
 * of them: it says what the folder is and which command writes the export
 * (`cmd/bd/export.go`). Reading is bounded and never follows a link.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readCappedFile } from '../adapters/json-file.ts';
import { BEADS_EXPORT_NAMES } from './export-lookup.ts';
import type { BeadsStore } from '../model/beads.ts';

/** Largest metadata.json (or .local_version) read, in bytes. */
export const MAX_METADATA_BYTES = 64 * 1024;

/** What was found in the folder, before it is described. */
export interface StoreFacts {
  /** metadata.json as parsed (an object), or null when absent or unreadable. */
  metadata: Record<string, unknown> | null;
  /** Why metadata.json could not be used, `''` when it could (or is absent). */
  problem: string;
  /** `.beads/.local_version`, trimmed, `''` when absent. */
  localVersion: string;
  /** Names of the folders directly in `.beads/` (not links). */
  folders: string[];
  /** Names of the files directly in `.beads/` (not links). */
  files: string[];
  /** Database names found in the Dolt data folder (sub-folders holding `.dolt`). */
  databases: string[];
}

/** The command that writes the export, in the project folder. */
export const EXPORT_TARGET = '.beads/issues.jsonl';

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** `[major, minor]` of a version such as `1.1.0`, `v0.49.3`; null when it is not one. */
export function versionParts(version: string): [number, number] | null {
  const m = /^v?(\d+)\.(\d+)/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The `bd export` command for a folder whose metadata names `version` (`''`: none) and keeps a
 * store of `kind`. bd 1.1.0's export flags are `--all`, `--include-infra`, `--include-memories`,
 * `-o`, `--scrub` (beads #4853); `--all` adds memories, wisps, templates, gates and infra beads,
 * which the plain export leaves out. `-o FILE` is accepted by every bd, down to the SQLite ones.
 */
export function exportCommandFor(version: string, kind: BeadsStore['kind']): { command: string; note: string } {
  const parts = versionParts(version);
  const old = kind === 'sqlite' || (parts !== null && (parts[0] < 1 || (parts[0] === 1 && parts[1] < 1)));
  if (old) {
    const why = kind === 'sqlite' ? 'a SQLite database is kept by bd before 1.0' : `bd ${version} is older than 1.1.0`;
    return { command: `bd export -o ${EXPORT_TARGET}`, note: `${why}, whose export flags were not checked; every bd accepts -o FILE.` };
  }
  const known = parts !== null ? `bd ${version} (as named by the folder) has the 1.1.0 flags: ` : '';
  const older = parts === null ? ` For bd older than 1.1: bd export -o ${EXPORT_TARGET}` : '';
  return { command: `bd export --all -o ${EXPORT_TARGET}`, note: `${known}--all adds memories, wisps, templates and infrastructure beads to the regular issues (leave it out to export regular issues only).${older}` };
}

/** Describes the folder from what was found in it. Pure. */
export function describeStore(folder: string, facts: StoreFacts, run: BeadsStore['run'] = null): BeadsStore {
  const meta = facts.metadata ?? {};
  const mode = str(meta['dolt_mode']).toLowerCase();
  const has = (name: string): boolean => facts.folders.includes(name);
  const sqlite = facts.files.find((f) => f.endsWith('.db')) ?? '';
  let kind: BeadsStore['kind'];
  let dataPath = '';
  if (mode === 'server' || mode === 'proxied-server' || mode === 'embedded') kind = mode;
  else if (has('embeddeddolt')) kind = 'embedded';
  else if (has('dolt')) kind = 'server';
  else if (has('proxieddb')) kind = 'proxied-server';
  else if (sqlite !== '' || str(meta['backend']) === 'sqlite') kind = 'sqlite';
  else kind = 'none';
  if (kind === 'embedded' && has('embeddeddolt')) dataPath = `${folder}/embeddeddolt`;
  else if (kind === 'server' && has('dolt')) dataPath = `${folder}/dolt`;
  else if (kind === 'proxied-server' && has('proxieddb')) dataPath = `${folder}/proxieddb`;
  else if (kind === 'sqlite' && sqlite !== '') dataPath = `${folder}/${sqlite}`;
  const metaVersion = str(meta['last_bd_version']);
  const version = metaVersion || facts.localVersion;
  const versionSource = metaVersion ? `${folder}/metadata.json` : facts.localVersion ? `${folder}/.local_version` : '';
  const { command, note } = exportCommandFor(version, kind);
  return {
    folder,
    kind,
    dataPath,
    database: str(meta['dolt_database']) || facts.databases.join(', '),
    backend: str(meta['backend']),
    version,
    versionSource,
    exportCommand: command,
    exportNote: note,
    problem: facts.problem,
    run,
    alsoRead: [],
  };
}

const KIND_WORDS: Record<BeadsStore['kind'], string> = {
  embedded: 'an embedded Dolt database (run inside bd)',
  server: 'a Dolt database served by `dolt sql-server`',
  'proxied-server': "a Dolt database reached through bd's server proxy",
  sqlite: 'a SQLite database (bd before 1.0)',
  none: 'no database in this folder (metadata only: the database is git-ignored, or on a server)',
};

/** What the store is, in words: `an embedded Dolt database (...) at .beads/embeddeddolt, database beads_x`. */
export function storeWords(store: BeadsStore): string {
  const where = store.dataPath ? ` at ${store.dataPath}` : '';
  const db = store.database ? `, database ${store.database}` : '';
  return `${KIND_WORDS[store.kind]}${where}${db}`;
}

/**
 * The source line of the folder: what it is, what Trailbook reads, and the command. Used as
 * the folder's `notRead` text (recap sources, build report, `check --json`).
 */
export function storeSentence(store: BeadsStore): string {
  const ran = store.run && !store.run.ok ? ` Trailbook ran ${store.run.command} as configured, but ${store.run.reason}.` : '';
  return `${store.folder}/ holds ${storeWords(store)}, and no JSONL export of its issues (${BEADS_EXPORT_NAMES.join(', ')}). Trailbook reads the export and the audit log (${store.folder}/interactions.jsonl), not the database.${ran} To write the export, run in the project folder: ${store.exportCommand}`;
}

async function readSmallText(path: string): Promise<{ text: string } | { error: string } | null> {
  const info = await lstat(path).catch(() => null);
  if (info === null) return null;
  if (info.isSymbolicLink()) return { error: 'is a symbolic link, not read' };
  const read = await readCappedFile(path, MAX_METADATA_BYTES);
  return 'error' in read ? read : { text: read.data.toString('utf8') };
}

/**
 * Reads the facts of the `.beads` folder at `path`: metadata.json, .local_version, and the
 * names directly inside (links are left out: nothing is followed). Never throws.
 */
export async function readStoreFacts(path: string): Promise<StoreFacts> {
  const facts: StoreFacts = { metadata: null, problem: '', localVersion: '', folders: [], files: [], databases: [] };
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (e.isDirectory()) facts.folders.push(e.name);
    else if (e.isFile()) facts.files.push(e.name);
  }
  facts.folders.sort();
  facts.files.sort();
  const meta = await readSmallText(join(path, 'metadata.json'));
  if (meta && 'error' in meta) facts.problem = `metadata.json ${meta.error}`;
  else if (meta) {
    try {
      const value: unknown = JSON.parse(meta.text);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) facts.metadata = value as Record<string, unknown>;
      else facts.problem = 'metadata.json is not a JSON object';
    } catch {
      facts.problem = 'metadata.json is not JSON';
    }
  }
  const local = await readSmallText(join(path, '.local_version'));
  if (local && 'text' in local) facts.localVersion = local.text.trim().slice(0, 40);
  for (const dataFolder of ['embeddeddolt', 'dolt']) {
    if (!facts.folders.includes(dataFolder)) continue;
    const inside = (await readdir(join(path, dataFolder), { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    for (const name of inside) {
      if (facts.databases.length >= 5) break;
      const dolt = await lstat(join(path, dataFolder, name, '.dolt')).catch(() => null);
      if (dolt?.isDirectory()) facts.databases.push(name);
    }
    break;
  }
  return facts;
}
