/**
 * Progress lines for long steps (issue 30, scope 5). On a terminal (`Output.status`) a status
 * line is rewritten in place about once a second; elsewhere (a CI log) a line is printed about
 * every ten seconds, plus the last.
 */
import type { ArchiveEvent } from '../lib/archive/analyse-archive.ts';
import { fromCwd } from './paths.ts';
import { formatCount, plural, type Output } from './output.ts';
import type { RenderCounts } from '../lib/progress/render-counter.ts';
import type { SearchIndexProgress } from '../lib/search/write-search-index.ts';

/** Prints archive analysis progress to `out.info`. */
export function archiveProgress(out: Output): (event: ArchiveEvent) => void {
  let last = 0;
  let reused = 0;
  return (event) => {
    if (event.type === 'discovered') {
      out.info(`Found ${plural(event.projects, 'project')}.`);
      for (const p of event.problems) out.info(`  warning: ${fromCwd(p.path)}: ${p.problem}`);
      return;
    }
    if (event.reused) reused++;
    const now = performance.now();
    if (event.index === event.total || now - last > (out.status ? 1000 : CI_EVERY_MS)) {
      last = now;
      out.info(`  analysed ${event.index}/${event.total} projects${reused > 0 ? ` (${reused} unchanged, reused)` : ''}`);
    }
  };
}

/** Milliseconds between progress lines where there is no terminal line to rewrite (CI logs). */
export const CI_EVERY_MS = 10_000;

/** A running progress line; `stop` clears it (a terminal's) and prints nothing more. */
export interface Ticker {
  stop(): void;
}

/**
 * Reports a long phase while it runs: `read()` says where it is (null: nothing to say yet).
 * On a terminal the status line is rewritten every `everyMs` (1 s); elsewhere a line is
 * printed every {@link CI_EVERY_MS}. A phase shorter than the first interval prints nothing.
 * The timer does not keep the process alive.
 */
export function progressTicker(out: Output, read: () => string | null, everyMs = 1000): Ticker {
  const status = out.status?.bind(out);
  const timer = setInterval(
    () => {
      const line = read();
      if (line === null) return;
      if (status) status(line);
      else out.info(line);
    },
    status ? everyMs : CI_EVERY_MS,
  );
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      status?.('');
    },
  };
}

/**
 * The render phase's progress line: `  rendered 1,234 of 4,006 pages; search index: 812 of
 * 1,100 parts` (or `merging 45%`, `done`; `preparing the pages: 1,200 of 2,000 cited commits`
 * before Astro lists them; `rendered 1,234 pages` where no total is known); the
 * search index's alone when `pages` is null (a merge of shards), null before it has started.
 */
export function renderProgressLine(pages: RenderCounts | null, index: SearchIndexProgress | null): string | null {
  const parts: string[] = [];
  if (pages) {
    // Before Astro has listed its pages it builds the site's code and reads the collections.
    const prep = pages.preparing ? `: ${formatCount(pages.preparing.done)} of ${formatCount(pages.preparing.total)} ${pages.preparing.what}` : '';
    // A total only when Astro has listed its pages (and the count is within it): never a guess.
    parts.push(pages.planned === 0 && pages.rendered === 0 ? `preparing the pages${prep}` : pages.planned >= pages.rendered ? `rendered ${formatCount(pages.rendered)} of ${formatCount(pages.planned)} pages` : `rendered ${formatCount(pages.rendered)} page${pages.rendered === 1 ? '' : 's'}`);
  }
  if (index !== null) parts.push(`search index: ${index.phase === 'parts' ? `${formatCount(index.done)} of ${plural(index.total, 'part')}` : index.done >= index.total ? 'done' : `merging ${Math.floor((100 * index.done) / Math.max(1, index.total))}%`}`);
  return parts.length === 0 ? null : `  ${parts.join('; ')}`;
}
