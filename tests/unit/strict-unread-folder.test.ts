/**
 * `--strict` of build and check (src/cli/summary.ts): a folder of the inputs that cannot be read
 * (EACCES) may hold records nobody saw, so the gate fails on it. Found in the round-2 trial: the
 * discovery warning was the only trace, and `check --strict --quiet` exited 0 in silence.
 */
import { describe, expect, it } from 'vitest';
import { strictFault, totals } from '../../src/cli/summary.ts';

describe('--strict and a folder that cannot be read', () => {
  it('fails on it, naming the count', () => {
    const t = totals([], [{ path: 'runs/locked', problem: 'cannot read folder: EACCES' }, { path: 'runs/a', problem: 'symbolic link loop; not followed' }]);
    expect(strictFault(t)).toBe('1 folder that could not be read (runs/locked: EACCES)');
  });

  it('does not fail on discovery notes that lose no record (a link loop)', () => {
    expect(strictFault(totals([], [{ path: 'runs/a', problem: 'symbolic link loop; not followed' }]))).toBeNull();
  });
});
