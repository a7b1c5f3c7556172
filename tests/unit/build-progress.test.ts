/**
 * Progress of long build phases (issue 30, scope 5): pages rendered of those planned and the
 * search index's parts and merge, on a terminal as one line rewritten about once a second, in a
 * CI log as a line about every ten seconds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CI_EVERY_MS, progressTicker, renderProgressLine } from '../../src/cli/progress.ts';
import { pageRendered, planRender, preparing, renderCounts, resetRenderCounts } from '../../src/lib/progress/render-counter.ts';
import renderProgress from '../../src/integrations/render-progress.ts';
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
    // A CI log gets a line every ten seconds from the start of the render, before anything is counted.
    expect(renderProgressLine({ planned: 0, rendered: 0 }, null)).toBe('  preparing the pages');
    expect(renderProgressLine({ planned: 0, rendered: 0 }, { phase: 'parts', done: 26, total: 1100 })).toBe('  preparing the pages; search index: 26 of 1,100 parts');
    expect(renderProgressLine({ planned: 4006, rendered: 1234 }, { phase: 'merge', done: 450, total: 1000 })).toBe('  rendered 1,234 of 4,006 pages; search index: merging 45%');
    // A count past the plan (or with no plan yet) claims no total it does not know.
    expect(renderProgressLine({ planned: 4006, rendered: 4011 }, { phase: 'merge', done: 1000, total: 1000 })).toBe('  rendered 4,011 pages; search index: done');
    expect(renderProgressLine({ planned: 0, rendered: 6 }, null)).toBe('  rendered 6 pages');
    expect(renderProgressLine({ planned: 12, rendered: 3 }, null)).toBe('  rendered 3 of 12 pages');
    expect(renderProgressLine({ planned: 0, rendered: 0, preparing: { what: 'cited commits', done: 1200, total: 2000 } }, null)).toBe('  preparing the pages: 1,200 of 2,000 cited commits');
    // A merge of shards: the search index alone.
    expect(renderProgressLine(null, { phase: 'parts', done: 1, total: 1 })).toBe('  search index: 1 of 1 part');
    expect(renderProgressLine(null, null)).toBeNull();
  });

  it('plans the pages Astro will render, from the first line: its paths, not the entries they come from', () => {
    const page = { type: 'page' };
    const endpoint = { type: 'endpoint' };
    // A 646-page archive whose 21 projects each have a recap, issue and row pages (the trial's
    // "rendered 6 of 21 pages" counted the projects), with its endpoints (archive.json, feed.xml).
    const paths = [
      ...Array.from({ length: 646 }, (_, i) => ({ pathname: `/p/x${i}/`, route: page })),
      { pathname: '/p/x0', route: page },
      { pathname: '/archive.json', route: endpoint },
      { pathname: '/feed.xml', route: endpoint },
    ];
    planRender(paths);
    for (let i = 0; i < 6; i++) pageRendered();
    expect(renderCounts()).toEqual({ planned: 646, rendered: 6 });
    expect(renderProgressLine(renderCounts(), null)).toBe('  rendered 6 of 646 pages');
    preparing('cited files', 2, 5);
    expect(renderCounts()).toEqual({ planned: 646, rendered: 6, preparing: { what: 'cited files', done: 2, total: 5 } });
    resetRenderCounts();
    expect(renderCounts()).toEqual({ planned: 0, rendered: 0 });
  });

  it('is told the paths by the integration wrapping Astro\'s prerenderer', async () => {
    let wrapped: { name: string; getStaticPaths: () => Promise<unknown[]> } | undefined;
    const paths = [
      { pathname: '/', route: { type: 'page' } },
      { pathname: '/search/', route: { type: 'page' } },
      { pathname: '/feed.xml', route: { type: 'endpoint' } },
    ];
    const hook = renderProgress().hooks['astro:build:start'] as unknown as (o: { setPrerenderer: (f: (d: unknown) => typeof wrapped) => void }) => void;
    hook({ setPrerenderer: (f) => (wrapped = f({ name: 'astro:default', getStaticPaths: async () => paths, render: async () => new Response('') })) });
    expect(await wrapped!.getStaticPaths()).toBe(paths);
    expect(wrapped!.name).toBe('astro:default');
    expect(renderCounts()).toEqual({ planned: 2, rendered: 0 });
    expect(renderProgressLine(renderCounts(), null)).toBe('  rendered 0 of 2 pages');
  });

  it('counts the paths Astro 7.4 lists as { paths, metadata }, and leaves a shape it does not know uncounted, never the build stopped (CI: an install resolving Astro 7.4.8 failed "paths is not iterable")', async () => {
    const paths = [
      { pathname: '/', route: { type: 'page' } },
      { pathname: '/p/a/', route: { type: 'page' } },
      { pathname: '/p/b/', route: { type: 'page' } },
      { pathname: '/archive.json', route: { type: 'endpoint' } },
    ];
    const wrap = (listed: unknown): { getStaticPaths: () => Promise<unknown> } => {
      let wrapped: { getStaticPaths: () => Promise<unknown> } | undefined;
      const hook = renderProgress().hooks['astro:build:start'] as unknown as (o: { setPrerenderer: (f: (d: unknown) => typeof wrapped) => void }) => void;
      hook({ setPrerenderer: (f) => (wrapped = f({ name: 'astro:default', getStaticPaths: async () => listed })) });
      return wrapped!;
    };
    resetRenderCounts();
    const listed = { paths, metadata: { images: [] } };
    expect(await wrap(listed).getStaticPaths()).toBe(listed);
    expect(renderProgressLine(renderCounts(), null)).toBe('  rendered 0 of 3 pages');
    for (const odd of [null, { paths: 'x' }, new Map(), [{ pathname: '/' }]]) {
      resetRenderCounts();
      expect(await wrap(odd).getStaticPaths()).toBe(odd);
      pageRendered();
      expect(renderProgressLine(renderCounts(), null)).toBe('  rendered 1 page');
    }
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
