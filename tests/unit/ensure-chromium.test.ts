/**
 * README's test command on a fresh machine (scripts/ensure-chromium.ts, run before `npm test`):
 * with Chromium there it does nothing; without it, it installs Debian's package where it may,
 * else stops with the one command to run.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPlan, type ChromiumFacts } from '../../scripts/ensure-chromium.ts';

const base: ChromiumFacts = { path: '/usr/bin/chromium', exists: false, platform: 'linux', hasAptGet: true, isRoot: false, sudoWithoutPassword: false };

describe('Chromium before the tests', () => {
  it('does nothing when Chromium is there', () => {
    expect(chromiumPlan({ ...base, exists: true })).toEqual({ kind: 'ready' });
  });

  it('installs Debian chromium as root, or through sudo without a password', () => {
    expect(chromiumPlan({ ...base, isRoot: true })).toEqual({ kind: 'install', commands: [['apt-get', 'update', '-q'], ['apt-get', 'install', '-y', '-q', '--no-install-recommends', 'chromium']] });
    expect(chromiumPlan({ ...base, sudoWithoutPassword: true })).toEqual({ kind: 'install', commands: [['sudo', '-n', 'apt-get', 'update', '-q'], ['sudo', '-n', 'apt-get', 'install', '-y', '-q', '--no-install-recommends', 'chromium']] });
  });

  it('otherwise stops at once with the one command to run', () => {
    expect(chromiumPlan(base)).toEqual({ kind: 'stop', message: 'The end-to-end tests drive Chromium at /usr/bin/chromium, which is not there.\n  fix: sudo apt-get install -y chromium' });
    expect(chromiumPlan({ ...base, platform: 'darwin', hasAptGet: false })).toMatchObject({ kind: 'stop', message: expect.stringContaining('fix: install Chromium and set CHROMIUM_PATH') });
    expect(chromiumPlan({ ...base, path: '/opt/chrome', isRoot: true })).toEqual({ kind: 'stop', message: 'The end-to-end tests drive Chromium at /opt/chrome, which is not there.\n  fix: point CHROMIUM_PATH at a Chromium or Chrome executable (/opt/chrome does not exist)' });
  });
});
