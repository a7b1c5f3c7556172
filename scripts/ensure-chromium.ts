/**
 * Run by `npm test` before the tests (the `pretest` script): the end-to-end tests drive
 * Debian's Chromium (tests/e2e/browser.ts), so README's test command must find it on a fresh
 * machine. When it is missing, this installs Debian's `chromium` package where it can (apt-get
 * as root, or through sudo without a password), else stops at once with the one command to run.
 * `CHROMIUM_PATH` names another Chromium or Chrome executable.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What the machine has, as far as this decision goes. */
export interface ChromiumFacts {
  /** The executable the tests launch. */
  path: string;
  exists: boolean;
  platform: NodeJS.Platform;
  hasAptGet: boolean;
  isRoot: boolean;
  /** Whether `sudo -n true` succeeds (sudo without a password). */
  sudoWithoutPassword: boolean;
}

/** Nothing to do; install with these commands; or stop with this message. */
export type ChromiumPlan = { kind: 'ready' } | { kind: 'install'; commands: string[][] } | { kind: 'stop'; message: string };

const INSTALL = ['apt-get', 'install', '-y', '-q', '--no-install-recommends', 'chromium'];

/** Decides what to do about Chromium. */
export function chromiumPlan(facts: ChromiumFacts): ChromiumPlan {
  if (facts.exists) return { kind: 'ready' };
  const custom = facts.path !== '/usr/bin/chromium';
  if (!custom && facts.platform === 'linux' && facts.hasAptGet && (facts.isRoot || facts.sudoWithoutPassword)) {
    const sudo = facts.isRoot ? [] : ['sudo', '-n'];
    return { kind: 'install', commands: [[...sudo, 'apt-get', 'update', '-q'], [...sudo, ...INSTALL]] };
  }
  const fix = custom ? `point CHROMIUM_PATH at a Chromium or Chrome executable (${facts.path} does not exist)` : facts.platform === 'linux' && facts.hasAptGet ? 'sudo apt-get install -y chromium' : 'install Chromium and set CHROMIUM_PATH to its executable, e.g. CHROMIUM_PATH="/Applications/Chromium.app/Contents/MacOS/Chromium" npm test';
  return { kind: 'stop', message: `The end-to-end tests drive Chromium at ${facts.path}, which is not there.\n  fix: ${fix}` };
}

function machineFacts(): ChromiumFacts {
  const path = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  const works = (command: string, args: string[]): boolean => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
  const exists = existsSync(path);
  const hasAptGet = !exists && works('sh', ['-c', 'command -v apt-get']);
  const isRoot = process.getuid?.() === 0;
  return { path, exists, platform: process.platform, hasAptGet, isRoot, sudoWithoutPassword: !exists && !isRoot && hasAptGet && works('sudo', ['-n', 'true']) };
}

if (import.meta.main) {
  const facts = machineFacts();
  const plan = chromiumPlan(facts);
  if (plan.kind === 'stop') {
    console.error(plan.message);
    process.exit(1);
  }
  if (plan.kind === 'install') {
    console.error(`Chromium is not installed; installing Debian's chromium for the end-to-end tests: ${plan.commands.map((c) => c.join(' ')).join(' && ')}`);
    for (const command of plan.commands) {
      const run = spawnSync(command[0] as string, command.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      if (run.status !== 0) {
        console.error(`\`${command.join(' ')}\` failed (exit ${run.status ?? run.signal}).\n  fix: sudo apt-get install -y chromium`);
        process.exit(1);
      }
    }
    if (!existsSync(facts.path)) {
      console.error(`apt-get installed chromium, but ${facts.path} is still missing.\n  fix: set CHROMIUM_PATH to the Chromium executable`);
      process.exit(1);
    }
  }
}
