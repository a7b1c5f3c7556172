/**
 * Fault injection for tests (issue 28, scope 7; docs/reliability.md): named points in the
 * build, the merge and the search index writer where a test can make the process die or the
 * disk fill up, to prove that whatever instant a run stops, nothing is lost and the next run
 * gives what a clean run gives.
 *
 * `TRAILBOOK_FAULT=<mode>:<point>[@<n>]` acts the `n`-th time (default the first) the process
 * (or, for points in the search worker, its thread) reaches `<point>`:
 * - `kill`: the process sends itself SIGKILL (no handler, no `finally`, no exit hook runs);
 * - `enospc`: the call throws the error a full disk raises (`ENOSPC`).
 *
 * Without the variable, {@link faultPoint} does nothing but compare a string.
 */

interface Fault {
  mode: 'kill' | 'enospc';
  point: string;
  nth: number;
}

function parseFault(value: string | undefined): Fault | null {
  const match = /^(kill|enospc):([a-z0-9-]+)(?:@(\d+))?$/.exec(value ?? '');
  if (!match) return null;
  return { mode: match[1] as Fault['mode'], point: match[2] as string, nth: Number(match[3] ?? '1') };
}

const fault = parseFault(process.env['TRAILBOOK_FAULT']);
let reached = 0;

/**
 * Marks a point where a run may be stopped (`name`: lowercase words joined by `-`, as listed in
 * docs/reliability.md). Kills the process, or throws an `ENOSPC` error, when `TRAILBOOK_FAULT`
 * names this point and this is the time it counts.
 */
export function faultPoint(name: string): void {
  if (fault === null || fault.point !== name) return;
  if (++reached !== fault.nth) return;
  if (fault.mode === 'kill') {
    process.kill(process.pid, 'SIGKILL');
    // The signal is on its way: nothing after this point may run.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  }
  throw Object.assign(new Error(`ENOSPC: no space left on device, write (fault injected at ${name})`), { code: 'ENOSPC' });
}
