/**
 * Rendering into a staging folder beside the output, then swapping it in: the previous
 * archive stays whole until the new one is complete, and concurrent builds never share
 * Astro's staging (Astro stages prerendered chunks under the working folder, which must
 * resolve Trailbook's node_modules: hence the link). Used by `build` and `merge`.
 *
 * Crash safety (issue 28, docs/reliability.md): the previous output is never changed before
 * the swap (pages are carried over by link or copy, src/lib/build/incremental.ts); the swap is two
 * renames (the previous output aside, the new one in), and a run killed anywhere leaves only
 * folders named `.trailbook-<kind>-<tag>-<pid>-<time>` beside the output, which the next run
 * into that output removes — or, for a previous output set aside while no output stands in its
 * place, puts back ({@link recoverLeftovers}).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, rename, rm, stat, symlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { faultPoint } from '../lib/fs/fault-point.ts';
import { folderLinkedTo, realPathOf } from '../lib/fs/real-path.ts';
import { dependenciesFolder, fromCwd } from './paths.ts';
import { siteRoot } from './site-root.ts';
import { folderTag, holderRuns } from './writer-lock.ts';

/**
 * The kinds of folder a run makes beside its output: its staging and search folders, the
 * previous output set aside by the swap (put back when a run stopped between the swap's two
 * renames left no output), and `old`: a previous output being removed after the swap, never put back.
 */
type Leftover = 'staging' | 'search' | 'previous' | 'old';

/** A folder of this run beside `outDir`: `.trailbook-<kind>-<tag of outDir>-<pid>-<time>`. */
export function besideOutput(outDir: string, kind: Leftover): string {
  return join(dirname(outDir), `.trailbook-${kind}-${folderTag(outDir)}-${process.pid}-${Date.now().toString(36)}`);
}

const LEFTOVER = /^\.trailbook-(staging|search|previous|old)-(?:([0-9a-f]{8})-)?(\d+)-[0-9a-z]+$/;

/**
 * Removes what runs into `outDir` that no longer run left beside it (staging, search and
 * set-aside folders), and, when `outDir` is missing and a run was killed between the two
 * renames of its swap, puts the previous output back. Staging folders of the form before
 * output tags (`.trailbook-staging-<pid>-<time>`) whose process no longer runs go too. Called
 * with the output's lock held (src/cli/writer-lock.ts); tells `notice` what it did.
 */
export async function recoverLeftovers(outDir: string, notice: (line: string) => void): Promise<void> {
  const parent = dirname(outDir);
  const tag = folderTag(outDir);
  const found: Array<{ name: string; kind: Leftover; time: string }> = [];
  for (const name of (await readdir(parent).catch(() => [] as string[])).sort()) {
    const m = LEFTOVER.exec(name);
    if (!m) continue;
    const [, kind, owner, pid] = m as unknown as [string, Leftover, string | undefined, string];
    if (owner !== undefined && owner !== tag) continue;
    if (owner === undefined && kind !== 'staging') continue;
    if (holderRuns({ pid: Number(pid), host: hostname(), command: '', started: '', tick: null }) && Number(pid) !== process.pid) continue;
    found.push({ name, kind, time: name.slice(name.lastIndexOf('-') + 1) });
  }
  const hasOutput = await stat(outDir).then(() => true, () => false);
  const previous = found.filter((f) => f.kind === 'previous').sort((a, b) => parseInt(b.time, 36) - parseInt(a.time, 36))[0];
  if (!hasOutput && previous) {
    await rename(join(parent, previous.name), outDir);
    notice(`  notice: put back the archive in ${fromCwd(outDir)}: a run was stopped while replacing it`);
  }
  const removed = found.filter((f) => f !== previous || hasOutput);
  for (const f of removed) {
    // A folder this user cannot empty (another user's files) is left, said, and no reason to stop the build.
    const failure = await removeFolder(join(parent, f.name)).then(() => null, (error: NodeJS.ErrnoException) => error);
    if (failure) notice(`  warning: could not remove ${fromCwd(join(parent, f.name))}, which a previous run left beside ${fromCwd(outDir)}: ${failure.code ?? failure.message}; remove it yourself`);
  }
  const staged = removed.filter((f) => f.kind === 'staging' || f.kind === 'search').length;
  if (staged > 0) notice(`  notice: removed ${staged === 1 ? 'the staging folder' : `${staged} staging folders`} a stopped run left beside ${fromCwd(outDir)}`);
}

/**
 * The folder a build or merge writes when given `outDir`: `outDir` itself by its real path
 * (the real path of the deepest folder of it that exists, the rest appended), or, when it is a
 * symbolic link (a web server's root pointing at a release folder), the folder the link leads
 * to, through any further links, made absolute without links (it need not exist yet). The
 * staging folder, the swap and the locks are then beside that folder, and the link stays as it
 * was: swapped in place of the link, the new archive replaced the link with a folder and the
 * folder the link led to kept the previous archive, served as it was (a fault-injecting trial).
 */
export async function outputFolder(outDir: string): Promise<string> {
  // By its real path, however it is written (through a link to a folder above it): the lock
  // and the leftovers beside it are named after it, so two spellings must be one name (rel14:
  // --out /tmp/l/site and --out /tmp/site, l a link to /tmp, were built at once into one folder).
  return realPathOf(await folderLinkedTo(outDir));
}

/**
 * Puts the staged site `staged` in place of `outDir`: the previous output is renamed aside,
 * then the new one renamed in. Returns the set-aside folder (to remove once the run's record
 * is written), or null when there was no previous output.
 */
export async function swapIn(staged: string, outDir: string): Promise<string | null> {
  const aside = besideOutput(outDir, 'previous');
  const had = await rename(outDir, aside).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  faultPoint('swap');
  try {
    await rename(staged, outDir);
  } catch (error) {
    // The new output could not be put in place: the previous one goes back where it was.
    if (had) await rename(aside, outDir).catch(() => undefined);
    throw error;
  }
  faultPoint('swapped');
  return had ? aside : null;
}

/**
 * What the process {@link discardAside} starts runs (plain JavaScript, `node -e`): once its
 * standard input ends (the run renamed the set-aside output, or ended), removes
 * `<argv[1]>-<its pid>-<argv[2]>`.
 */
/**
 * Removes `folder` and all it holds. A folder in it that is not writable (an output made
 * read-only, `chmod -R a-w site`: its files cannot be unlinked) is made writable by its owner
 * first (rel14: every later build stopped with "unexpected failure: EACCES … unlink" on the
 * set-aside previous output). Raises what `rm` raises when that is not enough.
 */
export async function removeFolder(folder: string): Promise<void> {
  try {
    await rm(folder, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    await openFolders(folder);
    await rm(folder, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Adds the owner's write, read and search permissions to `folder` and every folder in it (not through links). */
async function openFolders(folder: string): Promise<void> {
  const info = await lstat(folder).catch(() => null);
  if (!info?.isDirectory()) return;
  await chmod(folder, (info.mode & 0o7777) | 0o700).catch(() => undefined);
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) if (entry.isDirectory()) await openFolders(join(folder, entry.name));
}

// The detached remover ({@link discardAside}) does as {@link removeFolder} does.
const REMOVER = `const fs = require('node:fs');
const [prefix, time] = process.argv.slice(1);
const folder = prefix + '-' + process.pid + '-' + time;
const open = (dir) => {
  try {
    const info = fs.lstatSync(dir);
    if (!info.isDirectory()) return;
    fs.chmodSync(dir, (info.mode & 0o7777) | 0o700);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) open(dir + '/' + entry.name);
  } catch {}
};
const remove = () => fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
process.stdin.on('end', () => {
  try {
    remove();
  } catch {
    open(folder);
    try { remove(); } catch {}
  }
}).resume();`;

/**
 * Removes the previous output that {@link swapIn} set aside, once the new output is in place,
 * without the run waiting for it (issue 30: 1.5 s of a one-row rebuild at 1,000 projects, most of
 * it unlinking tens of thousands of folders). A detached process of its own is started, the
 * folder renamed here to `.trailbook-old-<tag>-<that process's pid>-<time>` (an `old` leftover:
 * never put back, and not removed by another run while that process runs), then the process
 * removes it. The rename is done before this returns: done by the process after the run ended,
 * it made `rm -rf` of the output's parent fail (ENOTEMPTY; CI, `trailbook dev` stopped right
 * after a rebuild). A removal stopped part-way (the machine stopped) is finished by the next run
 * into `outDir` ({@link recoverLeftovers}). Where no process can be started, the run removes it itself.
 */
export async function discardAside(aside: string, outDir: string): Promise<void> {
  const prefix = join(dirname(outDir), `.trailbook-old-${folderTag(outDir)}`);
  const time = Date.now().toString(36);
  const remover = await new Promise<ChildProcess | null>((resolveStart) => {
    try {
      const child = spawn(process.execPath, ['-e', REMOVER, prefix, time], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
      child.once('spawn', () => resolveStart(child));
      child.once('error', () => resolveStart(null));
      child.unref();
    } catch {
      resolveStart(null);
    }
  });
  const renamed = remover !== null && (await rename(aside, `${prefix}-${remover.pid}-${time}`).then(() => true, () => false));
  remover?.stdin?.end();
  if (!renamed) await removeFolder(aside).catch(() => undefined);
}

/**
 * Retries of a removal of a folder holding an output ({@link removeOutputFolder}): a remover
 * {@link discardAside} started may still be deleting inside it, so a step can find what it
 * listed gone or a folder not yet empty; it lists again.
 */
const OUTPUT_FOLDER_REMOVAL = { recursive: true, force: true, maxRetries: 10, retryDelay: 50 } as const;

/**
 * Removes `folder`, which holds an output (`trailbook dev`'s temporary folder), even while a
 * remover of a previous output ({@link discardAside}) works inside it. Throws what `rm` throws
 * once its retries are spent.
 */
export async function removeOutputFolder(folder: string): Promise<void> {
  await rm(folder, OUTPUT_FOLDER_REMOVAL);
}

/** {@link removeOutputFolder}, synchronously (from a signal handler that exits next). */
export function removeOutputFolderSync(folder: string): void {
  rmSync(folder, OUTPUT_FOLDER_REMOVAL);
}

/**
 * Runs `fn` with a fresh staging folder beside `outDir` as the working folder (`site` inside it
 * is where Astro writes), then returns to the working folder and removes the staging folder.
 * Unless `served`, a stop (Ctrl-C) while it runs removes the staging folder and exits 130.
 */
export async function withStaging<T>(outDir: string, served: boolean, fn: (staging: { dir: string; site: string }) => Promise<T>): Promise<T> {
  const dir = besideOutput(outDir, 'staging');
  const cwd = process.cwd();
  // Stopped while rendering (Ctrl-C), the build leaves nothing behind: the staging folder goes
  // (`dev` serves and stops on its own terms, src/cli/commands/dev.ts).
  const abandon = (): void => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  const stopSignals = served ? [] : (['SIGINT', 'SIGTERM', 'SIGHUP'] as const);
  for (const signal of stopSignals) process.on(signal, abandon);
  try {
    await mkdir(dir, { recursive: true });
    await symlink(dependenciesFolder(), join(dir, 'node_modules'), 'dir');
    process.chdir(dir);
    return await fn({ dir, site: join(dir, 'site') });
  } finally {
    for (const signal of stopSignals) process.off(signal, abandon);
    process.chdir(cwd);
    // After a failure the search worker may still be writing into the folder (it is not waited
    // for: the failure is said at once): retried, and never in place of the failure it follows
    // (seen as "rendering failed: ENOTEMPTY … rmdir staging" instead of a full disk). What is left
    // is removed by the next run, with a notice.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }).catch(() => undefined);
  }
}

/**
 * Renders the site with Astro into `outDir` (from within {@link withStaging}); `code` is the
 * site fingerprint. `onSynced` is called at Astro's `astro:build:start`: its content loaders
 * have run (they record the routes), Vite has not bundled yet.
 */
export async function renderWithAstro(code: string, outDir: string, base: string, siteUrl: string | null, verbose: boolean, onSynced?: () => void): Promise<void> {
  const cwd = process.cwd();
  const { build } = await import('astro');
  const integrations = onSynced ? [{ name: 'trailbook-synced', hooks: { 'astro:build:start': () => onSynced() } }] : [];
  try {
    await build({ root: await siteRoot(code), outDir, base, ...(siteUrl ? { site: siteUrl } : {}), logLevel: verbose ? 'info' : 'error', mode: 'production', integrations });
  } finally {
    process.chdir(cwd);
  }
  await rm(join(outDir, '.prerender'), { recursive: true, force: true });
}
