/**
 * `--strict` of build and check (src/cli/summary.ts): a folder of the inputs that cannot be read
 * (EACCES) may hold records nobody saw, so the gate fails on it. Found in the round-2 trial: the
 * discovery warning was the only trace, and `check --strict --quiet` exited 0 in silence.
 */
import { describe, expect, it } from 'vitest';
import { strictExitCode, strictFault, totals } from '../../src/cli/summary.ts';

describe('--strict and a folder that cannot be read', () => {
  it('fails on it, naming the count', () => {
    const t = totals([], [{ path: 'runs/locked', problem: 'cannot read folder: EACCES' }, { path: 'runs/a', problem: 'symbolic link loop; not followed' }]);
    expect(strictFault(t)).toBe('1 folder that could not be read (runs/locked: EACCES)');
  });

  it('does not fail on discovery notes that lose no record (a link loop)', () => {
    expect(strictFault(totals([], [{ path: 'runs/a', problem: 'symbolic link loop; not followed' }]))).toBeNull();
  });
});

// use7: `build --strict` in CI said "--strict: 2 invalid records and 2 high-severity flags" and its
// log named no record file or line; it now gives the check command that lists each.
describe('build --strict names the command that lists each fault with its file and line', () => {
  const lines = (checkArgs?: readonly string[]): { code: number; lines: string[] } => {
    const seen: string[] = [];
    const out = { result: (l: string) => void seen.push(l), info: (l: string) => void seen.push(l), error: (l: string) => void seen.push(`error: ${l}`) };
    const t = { ...totals([]), invalid: 2, flags: { high: 2, medium: 0, low: 0 } };
    return { code: strictExitCode(out, t, checkArgs), lines: seen };
  };

  it('after build: the check command with the same folders and configuration', () => {
    expect(lines(['../runs', 'my runs', '--config', 'ci/trailbook.config.json'])).toEqual({
      code: 1,
      lines: ['error: --strict: 2 invalid records and 2 high-severity flags', "  fix: `trailbook check ../runs 'my runs' --config ci/trailbook.config.json --strict` lists each with its record file and line"],
    });
  });

  it('after check, which lists them itself: the fault alone', () => {
    expect(lines()).toEqual({ code: 1, lines: ['error: --strict: 2 invalid records and 2 high-severity flags'] });
  });
});
