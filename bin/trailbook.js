#!/usr/bin/env node
// Trailbook's command line. The CLI is TypeScript run by Node's type stripping (Node >= 22.18),
// so there is no build step. On an older Node (a machine's own Node 20) this file runs itself
// again on the Node that the `node` package, a dependency, installed beside Trailbook. So this
// file stays plain JavaScript that any Node parses.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const NEEDS = [22, 18];
const script = realpathSync(fileURLToPath(import.meta.url));
const packageRoot = dirname(dirname(script));

/** Whether Node `version` (`20.20.2`) is older than Trailbook needs. */
function tooOld(version) {
  const [major, minor] = version.split('.').map(Number);
  return major < NEEDS[0] || (major === NEEDS[0] && minor < NEEDS[1]);
}

/** A word as a POSIX shell reads it back: quoted unless it holds only plain characters. */
function shellWord(word) {
  return /^[\w./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const ANY_NODE = `or run Trailbook with Node ${NEEDS.join('.')} or newer`;

/**
 * The Node executable the `node` dependency installed, with its version; or why it is not
 * usable and the one command that fixes it.
 */
function bundledNode() {
  let manifest;
  try {
    manifest = createRequire(script).resolve('node/package.json');
  } catch {
    return { problem: 'the `node` package (a dependency of Trailbook) is not installed', fix: `reinstall Trailbook without leaving out its dependencies (npm install -g ./trailbook-<version>.tgz), ${ANY_NODE}` };
  }
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.node;
  const path = bin ? join(dirname(manifest), bin) : '';
  // The `node` package fetches the executable in its install script; when npm skipped the
  // script (--ignore-scripts, or npm blocking install scripts that no allowScripts entry
  // allows), the file is missing or a placeholder. Running that script by hand fetches it:
  // npm's own `--allow-scripts=node` fails here (npm 11.19: the script's nested npm install
  // inherits the flag and refuses it, EALLOWSCRIPTS), so the fix names the script itself.
  if (!path || !existsSync(path) || readFileSync(path).subarray(0, 64).toString('latin1').includes('intentionally left blank')) {
    const folder = dirname(manifest);
    const installScript = pkg.scripts?.preinstall ?? pkg.scripts?.install ?? pkg.scripts?.postinstall;
    return {
      problem: `the \`node\` package at ${folder} has no Node executable (npm did not run its install script)`,
      fix: installScript ? `run that script yourself: cd ${shellWord(folder)} && ${installScript}   (${ANY_NODE})` : `reinstall Trailbook with its install scripts (npm install -g ./trailbook-<version>.tgz), ${ANY_NODE}`,
    };
  }
  if (tooOld(String(pkg.version))) return { problem: `the \`node\` package installed Node ${pkg.version}`, fix: `reinstall Trailbook, ${ANY_NODE}` };
  return { path, version: String(pkg.version) };
}

if (tooOld(process.versions.node)) {
  const node = process.env.TRAILBOOK_REEXEC ? { problem: `Node ${process.versions.node} was started again as Node >= ${NEEDS.join('.')}`, fix: `reinstall Trailbook, ${ANY_NODE}` } : bundledNode();
  if (!node.path) {
    console.error(`trailbook: Node ${process.versions.node} is too old (Trailbook needs Node >= ${NEEDS.join('.')}), and ${node.problem}.\n  fix: ${node.fix}`);
    process.exit(2);
  }
  const child = spawn(node.path, [script, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, TRAILBOOK_REEXEC: process.versions.node } });
  // The child handles stop signals itself (`trailbook dev` removes its folder on Ctrl-C); this
  // process passes them on and waits, so the shell gets its prompt back only when it is done.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`trailbook: could not start ${node.path}: ${error.message}\n  fix: reinstall Trailbook, or run it with Node ${NEEDS.join('.')} or newer`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 2);
  });
} else {
  // Node strips types only outside node_modules; an installed Trailbook lives inside one.
  if (packageRoot.split(sep).includes('node_modules')) await import('./type-stripping.js');
  // Node's on-disk compile cache (Node's own check: an entry is used only for the exact source
  // text it was made from): the CLI's modules, Astro's and Vite's are compiled once, not on
  // every run (issue 30: about half a second of each start). The folder is Node's default
  // (NODE_COMPILE_CACHE, else node-compile-cache in the temporary folder); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  // The worker threads and processes Trailbook starts find it through the environment.
  const cache = module.enableCompileCache?.();
  if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;
  // Trailbook never phones home: Astro's anonymous telemetry is off.
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  // A reader that stops early (`trailbook check --json | head`) is not an error.
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const { main } = await import('../src/cli/main.ts');
  process.exitCode = await main(process.argv.slice(2));
  // A run that failed has said why and set its exit code. What a library it stopped left behind
  // must not then crash it with a stack trace and exit 1: Astro's content store saves on a timer,
  // and on a full disk that save fails too, after the build has failed, a rejection nobody handles.
  if (process.exitCode !== 0) process.on('unhandledRejection', () => undefined);
}
