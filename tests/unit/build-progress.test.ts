/**
 * Progress of long build phases (issue 30, scope 5): pages rendered of those planned and the
 * search index's parts and merge, on a terminal as one line rewritten about once a second, in a
 * CI log as a line about every ten seconds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CI_EVERY_MS, progressTicker, renderProgressLine } from '../../src/cli/progress.ts';
import { pageRendered, planPages, preparing, renderCounts, resetRenderCounts } from '../../src/lib/progress/render-counter.ts';
import type { Output } from '../../src/cli/output.ts';

afterEach(() => {
  vi.useRealTimers();
  resetRenderCounts();
});

function output(tty: boolean): Output & { lines: string[]; statuses: string[] } {
  const lines: string[] = [];
  const statuses: string[] = [];
  return { lines, statuses, result: () => undefined, info: (l) => lines.push(l), error: (l) => lines.push(l), ...(tty ? { status: (l: string) => statuses.push(l) } : {}) };
}

describe('the render progress line', () => {
  it('says what is prepared, rendered and indexed, in words and grouped numbers', () => {
    expect(renderProgressLine({ planned: 0, rendered: 0 }, null)).toBeNull();
    expect(renderProgressLine({ planned: 0, rendered: 0 }, { phase: 'parts', done: 26, total: 1100 })).toBe('  preparing the pages; search index: 26 of 1,100 parts');
    expect(renderProgressLine({ planned: 4006, rendered: 1234 }, { phase: 'merge', done: 450, total: 1000 })).toBe('  rendered 1,234 of 4,006 pages; search index: merging 45%');
    expect(renderProgressLine({ planned: 4006, rendered: 4011 }, { phase: 'merge', done: 1000, total: 1000 })).toBe('  rendered 4,011 of 4,011 pages; search index: done');
    expect(renderProgressLine({ planned: 12, rendered: 3 }, null)).toBe('  rendered 3 of 12 pages');
    expect(renderProgressLine({ planned: 0, rendered: 0, preparing: { what: 'cited commits', done: 1200, total: 2000 } }, null)).toBe('  preparing the pages: 1,200 of 2,000 cited commits');
    // A merge of shards: the search index alone.
    expect(renderProgressLine(null, { phase: 'parts', done: 1, total: 1 })).toBe('  search index: 1 of 1 part');
    expect(renderProgressLine(null, null)).toBeNull();
  });

  it('counts each planned entry once, however many routes list it', () => {
    planPages(['project:a', 'project:b']);
    planPages(['project:a', 'file:x']);
    pageRendered();
    expect(renderCounts()).toEqual({ planned: 3, rendered: 1 });
    preparing('cited files', 2, 5);
    expect(renderCounts()).toEqual({ planned: 3, rendered: 1, preparing: { what: 'cited files', done: 2, total: 5 } });
    resetRenderCounts();
    planPages(['project:a']);
    expect(renderCounts()).toEqual({ planned: 1, rendered: 0 });
  });
});

describe('progressTicker', () => {
  it('rewrites a terminal status line every second and clears it at the end', () => {
    vi.useFakeTimers();
    const out = output(true);
    let n = 0;
    const ticker = progressTicker(out, () => (n++ === 0 ? null : `  step ${n}`));
    vi.advanceTimersByTime(3500);
    ticker.stop();
    vi.advanceTimersByTime(5000);
    expect(out.statuses).toEqual(['  step 2', '  step 3', '']);
    expect(out.lines).toEqual([]);
  });

  it('prints a line every ten seconds where there is no terminal (a CI log)', () => {
    vi.useFakeTimers();
    const out = output(false);
    let n = 0;
    const ticker = progressTicker(out, () => `  step ${++n}`);
    vi.advanceTimersByTime(CI_EVERY_MS - 1);
    expect(out.lines).toEqual([]);
    vi.advanceTimersByTime(2 * CI_EVERY_MS + 1);
    ticker.stop();
    vi.advanceTimersByTime(CI_EVERY_MS);
    expect(out.lines).toEqual(['  step 1', '  step 2', '  step 3']);
  });
});
