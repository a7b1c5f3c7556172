/**
 * Runs `bd export` for a `.beads/` folder that keeps its issues only in a Dolt database, when
 * the configuration asks for it (`beads.runExport`, off by default: it runs a program on
 * input). The rules (docs/security.md, "Running bd"):
 * - bd is looked up on the PATH's absolute entries only (never the working folder);
 * - it runs on a copy of the folder in a fresh temporary folder (regular files and folders
 *   only: links and devices are left out; at most {@link MAX_COPY_BYTES}), so nothing it does
 *   can change the input, and the copy is removed afterwards;
 * - no shell: `spawn` with an argument array and `shell: false`; a fixed, small environment
 *   (no BEADS_* variable of the builder's reaches it, HOME and TMPDIR are the temporary folder);
 * - `--readonly --sandbox export --all` (bd opens the store read-only and syncs nothing); a bd
 *   that does not know those flags is asked once more with plain `export`;
 * - it is killed, with every process it started, after the timeout or once its output passes
 *   {@link MAX_EXPORT_BYTES}; the export is read from its standard output.
 * Messages never name the temporary folder, so builds stay byte-identical.
 */
import { spawn } from 'node:child_process';
import { constants, createWriteStream } from 'node:fs';
import { access, copyFile, lstat, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';

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
/** Largest `.beads/` folder copied for bd, in bytes. */
export const MAX_COPY_BYTES = 512 * 1024 * 1024;
/** Most files and folders copied for bd. */
export const MAX_COPY_ENTRIES = 100_000;
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

/**
 * Copies the folder `from` to `to`: folders and regular files only, never following a link,
 * within {@link MAX_COPY_BYTES} and {@link MAX_COPY_ENTRIES}. Iterative.
 */
export async function copyStore(from: string, to: string): Promise<{ ok: true; bytes: number; skipped: number } | { ok: false; reason: string }> {
  let bytes = 0;
  let entries = 0;
  let skipped = 0;
  const stack: Array<[string, string]> = [[from, to]];
  while (stack.length > 0) {
    const [source, target] = stack.pop() as [string, string];
    await mkdir(target, { recursive: true });
    const list = await readdir(source, { withFileTypes: true });
    for (const e of list) {
      if (++entries > MAX_COPY_ENTRIES) return { ok: false, reason: `the folder holds more than ${MAX_COPY_ENTRIES} files and folders, the most Trailbook copies for bd` };
      const s = join(source, e.name);
      const t = join(target, e.name);
      if (e.isDirectory()) stack.push([s, t]);
      else if (e.isFile()) {
        const info = await lstat(s);
        bytes += info.size;
        if (bytes > MAX_COPY_BYTES) return { ok: false, reason: `the folder is larger than ${MAX_COPY_BYTES / 1024 / 1024} MiB, the most Trailbook copies for bd` };
        await copyFile(s, t, constants.COPYFILE_EXCL);
      } else skipped++;
    }
  }
  return { ok: true, bytes, skipped };
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
    const home = join(work, 'home');
    const temp = join(work, 'tmp');
    for (const d of [project, home, temp]) await mkdir(d, { recursive: true });
    const copied = await copyStore(beadsDir, join(project, '.beads'));
    if (!copied.ok) {
      await dispose();
      return { ok: false, command: first, reason: copied.reason };
    }
    const env: NodeJS.ProcessEnv = {
      PATH: searchPath.split(delimiter).filter((d) => d !== '' && isAbsolute(d)).join(delimiter),
      HOME: home,
      TMPDIR: temp,
      LANG: 'C.UTF-8',
      NO_COLOR: '1',
      BEADS_NO_DAEMON: '1',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_TERMINAL_PROMPT: '0',
    };
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
