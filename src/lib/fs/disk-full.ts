/**
 * Whether an error is a full disk (or an exhausted quota): its code, or its cause's, is `ENOSPC`
 * or `EDQUOT`, or, for a tool that words it without a code (rolldown's "No space left on
 * device (os error 28)" under Vite's dependency optimisation), its message says so. A full disk
 * is never a bug in Trailbook: the run says so, and what to free (docs/reliability.md).
 */
export function isDiskFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== null && e !== undefined && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    if (e instanceof Error && /\bENOSPC\b|\bEDQUOT\b|No space left on device|Disk quota exceeded/.test(e.message)) return true;
  }
  return false;
}
