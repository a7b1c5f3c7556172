/**
 * secretlint's profiler is switched off (src/lib/secrets/secretlint-scan.ts): on by default, it
 * added a `performance.mark` per scan and rule to Node's global buffer and never cleared them
 * (a 1,000 x 1,000 build printed "MaxPerformanceEntryBufferExceededWarning ... 1000001 mark
 * entries" among its progress lines).
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { secretLintProfiler } from '@secretlint/profiler';
import { secretlintScan } from '../../src/lib/secrets/secretlint-scan.ts';

describe('secretlint scans', () => {
  it('leave no performance marks behind, and the profiler is off', async () => {
    performance.clearMarks();
    const hits = await secretlintScan(['nothing here', 'deploy with postgres://app:S3cr3tPassw0rd@db.internal:5432/app', 'plain']);
    for (let i = 0; i < 20; i++) await secretlintScan([`row ${String(i)}`]);
    expect(hits.map((h) => h.length)).toEqual([0, 1, 0]);
    expect(secretLintProfiler.isEnabled).toBe(false);
    expect(performance.getEntriesByType('mark').length).toBe(0);
  });
});
