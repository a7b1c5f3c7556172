/**
 * Runs `bd export` for a `.beads/` folder that keeps its issues only in a Dolt database, when
 * the configuration asks for it (`beads.runExport`, off by default: it runs a program on
 * input). The rules (docs/security.md, "Running bd"):
 * - bd is looked up on the PATH's absolute entries only (never the working folder);
 * - it runs on a copy in a fresh temporary folder of only what the export needs: the store's
 *   data files and a metadata.json Trailbook writes, never the folder's bd configuration, which
 *   can name programs bd starts (src/lib/beads/export-copy.ts); a folder whose metadata names
 *   another backend, a server or a database elsewhere is not run at all. Nothing bd does can
 *   change the input, and the copy is removed afterwards;
 * - no shell: `spawn` with an argument array and `shell: false`; a fixed, small environment
 *   (no variable of the builder's but the PATH's absolute entries: none of bd's `BD_*` and
 *   `BEADS_*` settings, no git routing; HOME, TMPDIR and the XDG folders are the temporary
 *   folder, `BEADS_DIR` the copy);
 * - `--readonly --sandbox export --all` (bd opens the store read-only and syncs nothing); a bd
 *   that does not know those flags is asked once more with plain `export`;
 * - it is killed, with every process it started, after the timeout or once its output passes
 *   {@link MAX_EXPORT_BYTES}; the export is read from its standard output.
 * Messages never name the temporary folder, so builds stay byte-identical.
 */
import { spawn } from 'node:child_process';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { describeStore, readStoreFacts } from './beads-store.ts';
import { copyForBd, DOLT_GLOBAL_CONFIG } from './export-copy.ts';

/** How Trailbook runs bd (configuration `beads`). */
export interface BdExportOptions {
  /** Run `bd export` for folders without a JSONL export (`beads.runExport`; default false). */
  run: boolean;
  /** Milliseconds before bd is killed (`beads.exportTimeout` seconds; default 60 s). */
  timeoutMs: number;
  /** The PATH searched for `bd` (default: the process's). */
  searchPath?: string;
  /** Largest export read, in bytes (default {@link MAX_EXPORT_BYTES}; tests lower it). */
  maxOutputBytes?: number;
}

export const DEFAULT_EXPORT_TIMEOUT_MS = 60_000;
/** Largest export read from bd's output, in bytes. */
export const MAX_EXPORT_BYTES = 256 * 1024 * 1024;
const MAX_STDERR = 4000;

/** The arguments of the first run, and of the one for a bd that does not know them. */
export const EXPORT_ARGS = ['--readonly', '--sandbox', 'export', '--all'] as const;
export const PLAIN_EXPORT_ARGS = ['export'] as const;

/** What a run gave: the export file (removed by `dispose`), or why there is none. */
export type BdExport =
  | { ok: true; file: string; bytes: number; command: string; dispose: () => Promise<void> }
  | { ok: false; command: string; reason: string };

/**
 * The whole environment bd runs with: nothing of the builder's but the PATH's absolute entries.
 * bd reads every setting from `BD_*` variables and several from `BEADS_*` ones (a backend
 * plugin's command among them), and the git it runs reads `GIT_*`: none is passed on. Its home,
 * temporary and XDG folders are inside the temporary folder (no user configuration of bd, Dolt
 * or git applies), `BEADS_DIR` names the copy, and git stops looking for a repository at the
 * temporary folder.
 */
export function bdEnvironment(searchPath: string, at: { work: string; home: string; temp: string; beads: string }): NodeJS.ProcessEnv {
  return {
    PATH: searchPath.split(delimiter).filter((d) => d !== '' && isAbsolute(d)).join(delimiter),
    HOME: at.home,
    TMPDIR: at.temp,
    XDG_CONFIG_HOME: join(at.home, '.config'),
    XDG_CACHE_HOME: join(at.home, '.cache'),
    XDG_DATA_HOME: join(at.home, '.local', 'share'),
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    DO_NOT_TRACK: '1',
    BEADS_DIR: at.beads,
    BEADS_NO_DAEMON: '1',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CEILING_DIRECTORIES: at.work,
    GIT_TERMINAL_PROMPT: '0',
  };
}

/** The first executable regular file `name` in the absolute entries of `searchPath`, or null. */
export async function findOnPath(name: string, searchPath: string): Promise<string | null> {
  for (const dir of searchPath.split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    const info = await stat(candidate).catch(() => null);
    if (!info?.isFile()) continue;
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return null;
}

interface Attempt {
  ok: boolean;
  bytes: number;
  /** Why it failed, when it did. */
  reason: string;
  /** bd said it does not know a flag. */
  unknownFlag: boolean;
}

/** Runs bd once, its standard output into `out`. Never rejects. */
function runOnce(bd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, out: string, timeoutMs: number, maxBytes: number, work: string): Promise<Attempt> {
  return new Promise((resolve) => {
    const sink = createWriteStream(out);
    let bytes = 0;
    let stderr = '';
    let stopped = '';
    let settled = false;
    const child = spawn(bd, [...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true, shell: false, windowsHide: true });
    const stop = (why: string): void => {
      if (stopped !== '') return;
      stopped = why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => stop(`it did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped`), timeoutMs);
    const finish = (attempt: Attempt): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sink.end(() => resolve(attempt));
    };
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        stop(`its output passed ${maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MiB` : `${maxBytes} bytes`} and it was stopped`);
        return;
      }
      if (!sink.write(chunk)) {
        child.stdout.pause();
        sink.once('drain', () => child.stdout.resume());
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => finish({ ok: false, bytes, reason: `it could not be started (${(error as NodeJS.ErrnoException).code ?? error.message})`, unknownFlag: false }));
    child.on('close', (code, signal) => {
      // Anything bd left running in its process group (a daemon) goes with it.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is gone: nothing was left running
      }
      const said = stderr.split(work).join('<copy>').trim().split('\n').filter((l) => l.trim() !== '').at(-1)?.slice(0, 300) ?? '';
      if (stopped !== '') finish({ ok: false, bytes, reason: stopped, unknownFlag: false });
      else if (code === 0) finish({ ok: true, bytes, reason: '', unknownFlag: false });
      else finish({ ok: false, bytes, reason: `it exited with ${code === null ? `signal ${signal ?? '?'}` : `code ${code}`}${said ? `: ${said}` : ''}`, unknownFlag: /unknown (shorthand )?flag/i.test(stderr) });
    });
  });
}

/**
 * Runs the export for the `.beads` folder at `beadsDir`. The export is the file `file` until
 * `dispose` removes it. Never rejects.
 */
export async function runBdExport(beadsDir: string, options: BdExportOptions): Promise<BdExport> {
  const first = `bd ${EXPORT_ARGS.join(' ')}`;
  const searchPath = options.searchPath ?? process.env['PATH'] ?? '';
  const bd = await findOnPath('bd', searchPath);
  if (bd === null) return { ok: false, command: first, reason: 'bd is not on the PATH' };
  const work = await mkdtemp(join(tmpdir(), 'trailbook-bd-'));
  const dispose = (): Promise<void> => rm(work, { recursive: true, force: true });
  try {
    const project = join(work, 'project');
    const beads = join(project, '.beads');
    const home = join(work, 'home');
    const temp = join(work, 'tmp');
    for (const d of [project, home, temp, join(home, '.dolt')]) await mkdir(d, { recursive: true });
    await writeFile(join(home, '.dolt', 'config_global.json'), DOLT_GLOBAL_CONFIG);
    const facts = await readStoreFacts(beadsDir);
    const copied = await copyForBd(beadsDir, beads, facts, describeStore('.beads', facts));
    if (!copied.ok) {
      await dispose();
      return { ok: false, command: first, reason: copied.reason };
    }
    const env = bdEnvironment(searchPath, { work, home, temp, beads });
    const out = join(work, 'export.jsonl');
    let command = first;
    const maxBytes = options.maxOutputBytes ?? MAX_EXPORT_BYTES;
    let attempt = await runOnce(bd, EXPORT_ARGS, project, env, out, options.timeoutMs, maxBytes, work);
    if (!attempt.ok && attempt.unknownFlag) {
      command = `bd ${PLAIN_EXPORT_ARGS.join(' ')}`;
      attempt = await runOnce(bd, PLAIN_EXPORT_ARGS, project, env, out, options.timeoutMs, maxBytes, work);
    }
    if (!attempt.ok) {
      await dispose();
      return { ok: false, command, reason: attempt.reason };
    }
    return { ok: true, file: out, bytes: attempt.bytes, command, dispose };
  } catch (error) {
    await dispose();
    return { ok: false, command: first, reason: `the folder could not be copied (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
}
