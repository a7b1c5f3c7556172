/**
 * What of a `.beads/` folder bd is given when Trailbook runs `bd export` (docs/security.md,
 * "Running bd"). The folder is input: besides the database it may hold bd's configuration,
 * and bd's configuration can name programs bd starts. Read in gastownhall/beads:
 * - `internal/backend` `OpenConfigured`: when `metadata.json` names a `backend` other than
 *   `dolt`, bd launches the command `ResolveBackendPluginConfig` finds for it, in
 *   `BEADS_BACKEND_PLUGIN_COMMAND` / `BEADS_BACKEND_PLUGIN_ARGS`, then
 *   `.beads/config.local.yaml` (`backend_plugins.<backend>.command` and `.args`), then the
 *   user's `config.yaml`;
 * - `internal/config` `Initialize`: settings are merged from `<home>/.beads/config.yaml`,
 *   `os.UserConfigDir()/bd/config.yaml` (`$XDG_CONFIG_HOME`), `<home>/.config/bd/config.yaml`,
 *   the first `.beads/config.yaml` found walking up from the working folder (or, failing that,
 *   one found by running `git rev-parse` there), `$BEADS_DIR/config.yaml` and the
 *   `config.local.yaml` beside it; every key can also be set by a `BD_*` variable (viper),
 *   and `dolt.mode` / `dolt.host` there turn a store into a server one;
 * - `internal/configfile`: `metadata.json` (or a legacy `config.json`, which bd migrates)
 *   names the backend, `dolt_mode`, a server (`dolt_server_host`, `_port`, `_socket`, `_user`;
 *   a non-local host alone implies server mode), `dolt_data_dir` (a database anywhere on the
 *   machine), `database` and `sqlite_path` (which may be absolute);
 * - the environment: `BEADS_DIR`, `BEADS_DB`, `BEADS_DOLT_SERVER_MODE`,
 *   `BEADS_DOLT_SHARED_SERVER`, `BEADS_DOLT_SERVER_HOST`, `BEADS_DOLT_PASSWORD`, `HOME`,
 *   `XDG_CONFIG_HOME`, and git's own variables for the git it runs.
 *
 * So bd is given an allow-list, never the folder: a `metadata.json` Trailbook writes from the
 * inert keys of the folder's own (after refusing one that names another backend, a server or a
 * database elsewhere), `.local_version`, and the database itself (`embeddeddolt/` for embedded
 * Dolt; the `*.db` file and its journal files for SQLite); no `config.yaml`,
 * `config.local.yaml`, `config.json`, hooks or JSONL files. Beside them Trailbook writes its own
 * `config.yaml`, which also ends bd's walk up the folders for one. The environment is
 * src/lib/beads/run-export.ts's.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Confinement } from '../fs/confined.ts';
import type { StoreFacts } from './beads-store.ts';
import type { BeadsStore } from '../model/beads.ts';

/** Largest `.beads/` data copied for bd, in bytes. */
export const MAX_COPY_BYTES = 512 * 1024 * 1024;
/** Most files and folders copied for bd. */
export const MAX_COPY_ENTRIES = 100_000;

/** Backends bd reads itself, without a program of the folder's choosing (`''` is bd's default, Dolt). */
const OWN_BACKENDS = new Set(['', 'dolt', 'sqlite']);
/** Keys of metadata.json passed on to bd: what names the store and nothing that points elsewhere. */
const INERT_KEYS = ['database', 'backend', 'dolt_mode', 'dolt_database', 'sqlite_path', 'jsonl_export', 'project_id', 'last_bd_version', 'deletions_retention_days', 'stale_closed_issues_days'] as const;
/** Keys that name a server or a place outside the folder: bd is not run for a folder whose metadata sets one. */
const ELSEWHERE_KEYS: Record<string, string> = {
  dolt_server_host: 'a Dolt server',
  dolt_server_port: 'a Dolt server',
  dolt_server_socket: 'a Dolt server',
  dolt_server_user: 'a Dolt server',
  dolt_server_tls: 'a Dolt server',
  dolt_team_server: 'a Dolt server',
  dolt_data_dir: 'a database folder outside .beads/',
  postgres_dsn: 'a PostgreSQL server',
  mysql_dsn: 'a MySQL server',
};

/**
 * Trailbook's own `config.yaml` for the copy: bd finds it first (it ends the walk up the
 * folders, and `BEADS_DIR` names this folder), so no configuration of the input, of the
 * machine or of a folder above the copy applies; it also asks bd to push, back up, export
 * and import nothing on its own and to send no metrics.
 */
export const BD_CONFIG_YAML = `# Written by Trailbook for one read-only bd export of a copy of a .beads/ folder
# (docs/security.md, "Running bd"). The folder's own configuration is not copied.
no-push: true
no-hooks: true
metrics:
  disabled: true
backup:
  enabled: false
export:
  auto: false
import:
  auto: false
`;

/** Dolt's global configuration in bd's temporary home: no metrics, no version check over the network. */
export const DOLT_GLOBAL_CONFIG = '{"metrics.disabled":"true","versioncheck.disabled":"true"}\n';

const isBareName = (name: string): boolean => name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name) && !/^[A-Za-z]:/.test(name);

/**
 * The metadata.json bd is given (`json`, null when the folder has none), or why bd is not run
 * for this folder. Pure.
 */
export function metadataForBd(facts: Pick<StoreFacts, 'metadata' | 'problem'>): { ok: true; json: string | null } | { ok: false; reason: string } {
  if (facts.problem !== '') return { ok: false, reason: `its ${facts.problem}` };
  const meta = facts.metadata;
  if (meta === null) return { ok: true, json: null };
  const backend = typeof meta['backend'] === 'string' ? meta['backend'].trim().toLowerCase() : '';
  if (meta['backend'] !== undefined && typeof meta['backend'] !== 'string') return { ok: false, reason: 'its metadata.json names a backend that is not a name' };
  if (!OWN_BACKENDS.has(backend)) {
    return { ok: false, reason: `its metadata.json names the backend "${backend.slice(0, 40)}", which bd serves by starting a program configured for it; Trailbook runs bd only on an embedded Dolt or SQLite store` };
  }
  const mode = typeof meta['dolt_mode'] === 'string' ? meta['dolt_mode'].trim().toLowerCase() : '';
  if (mode !== '' && mode !== 'embedded') return { ok: false, reason: `its metadata.json names the Dolt mode "${mode.slice(0, 40)}", and Trailbook starts no database server and connects to none` };
  for (const [key, what] of Object.entries(ELSEWHERE_KEYS)) {
    const value = meta[key];
    if (value !== undefined && value !== null && value !== '' && value !== false && value !== 0) return { ok: false, reason: `its metadata.json names ${what} (${key}), and bd is run only on a database inside the folder` };
  }
  for (const key of ['database', 'sqlite_path', 'jsonl_export']) {
    const value = meta[key];
    if (typeof value === 'string' && value !== '' && !isBareName(value)) return { ok: false, reason: `its metadata.json names its ${key} by a path (${JSON.stringify(value.slice(0, 60))}), and bd is run only on a database inside the folder` };
  }
  const kept: Record<string, unknown> = {};
  for (const key of INERT_KEYS) {
    const value = meta[key];
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) kept[key] = value;
  }
  return { ok: true, json: `${JSON.stringify(kept, null, 2)}\n` };
}

/** What the copy holds, or why it could not be made. */
export type CopyResult = { ok: true; bytes: number; skipped: number } | { ok: false; reason: string };

/**
 * Copies the folder `from` to `to`: folders and regular files only, never following a link,
 * within {@link MAX_COPY_BYTES} and {@link MAX_COPY_ENTRIES} (with `budget` shared across
 * calls). Every folder listed and file read is judged by its real path, so one swapped for a
 * link mid-copy is refused, not followed (src/lib/fs/confined.ts). Iterative.
 */
export async function copyTree(from: string, to: string, budget: { bytes: number; entries: number } = { bytes: 0, entries: 0 }, within: Confinement = confinementOf(from)): Promise<CopyResult> {
  let skipped = 0;
  const stack: Array<[string, string]> = [[from, to]];
  while (stack.length > 0) {
    const [source, target] = stack.pop() as [string, string];
    await mkdir(target, { recursive: true });
    await within.readdir(source);
    const list = await readdir(source, { withFileTypes: true });
    for (const e of list) {
      if (++budget.entries > MAX_COPY_ENTRIES) return { ok: false, reason: `the folder holds more than ${MAX_COPY_ENTRIES} files and folders, the most Trailbook copies for bd` };
      const s = join(source, e.name);
      const t = join(target, e.name);
      if (e.isDirectory()) stack.push([s, t]);
      else if (e.isFile()) {
        const copied = await copyRegular(s, t, budget, within);
        if (copied === 'too-large') return { ok: false, reason: `the folder is larger than ${MAX_COPY_BYTES / 1024 / 1024} MiB, the most Trailbook copies for bd` };
        if (copied === 'refused') skipped++;
      } else skipped++;
    }
  }
  return { ok: true, bytes: budget.bytes, skipped };
}

/** Reads confined to the `.beads/` folder being copied. */
const confinementOf = (folder: string): Confinement => new Confinement([folder], { what: 'the .beads folder' });

/** Copies one regular file whose real path stays inside the folder, within the budget. */
async function copyRegular(source: string, target: string, budget: { bytes: number }, within: Confinement): Promise<'copied' | 'refused' | 'too-large'> {
  let opened;
  try {
    opened = await within.open(source);
  } catch {
    return 'refused';
  }
  try {
    budget.bytes += opened.info.size;
    if (budget.bytes > MAX_COPY_BYTES) return 'too-large';
    // The bytes it had when opened (a file growing meanwhile is not followed).
    if (opened.info.size === 0) await writeFile(target, '', { flag: 'wx' });
    else await pipeline(opened.handle.createReadStream({ start: 0, end: opened.info.size - 1, autoClose: false }), createWriteStream(target, { flags: 'wx' }));
    return 'copied';
  } finally {
    await opened.handle.close();
  }
}

/**
 * Writes into `to` (the copy's `.beads/`) what bd may read of the folder `from`: the metadata
 * bd is given ({@link metadataForBd}), `.local_version`, the database of `store`, and
 * {@link BD_CONFIG_YAML}. Nothing else of the folder is copied.
 */
export async function copyForBd(from: string, to: string, facts: StoreFacts, store: Pick<BeadsStore, 'kind'>): Promise<CopyResult> {
  const metadata = metadataForBd(facts);
  if (!metadata.ok) return metadata;
  await mkdir(to, { recursive: true });
  if (metadata.json !== null) await writeFile(join(to, 'metadata.json'), metadata.json);
  await writeFile(join(to, 'config.yaml'), BD_CONFIG_YAML);
  const budget = { bytes: 0, entries: 0 };
  const within = confinementOf(from);
  if (facts.files.includes('.local_version')) await copyRegular(join(from, '.local_version'), join(to, '.local_version'), budget, within);
  if (store.kind === 'embedded' && facts.folders.includes('embeddeddolt')) return copyTree(join(from, 'embeddeddolt'), join(to, 'embeddeddolt'), budget, within);
  if (store.kind === 'sqlite') {
    const named = facts.metadata?.['sqlite_path'] ?? facts.metadata?.['database'];
    const databases = facts.files.filter((f) => f.endsWith('.db') && (typeof named !== 'string' || !named.endsWith('.db') || f === named));
    for (const db of databases) {
      for (const name of [db, `${db}-wal`, `${db}-shm`, `${db}-journal`]) {
        if (!facts.files.includes(name)) continue;
        if ((await copyRegular(join(from, name), join(to, name), budget, within)) === 'too-large') return { ok: false, reason: `the folder is larger than ${MAX_COPY_BYTES / 1024 / 1024} MiB, the most Trailbook copies for bd` };
      }
    }
  }
  return { ok: true, bytes: budget.bytes, skipped: 0 };
}
