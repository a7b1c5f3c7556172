/** Progress lines for long steps: at most one a second, plus the last. */
import type { ArchiveEvent } from '../lib/archive/analyse-archive.ts';
import { fromCwd } from './paths.ts';
import { plural, type Output } from './output.ts';

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
    if (event.index === event.total || now - last > 1000) {
      last = now;
      out.info(`  analysed ${event.index}/${event.total} projects${reused > 0 ? ` (${reused} unchanged, reused)` : ''}`);
    }
  };
}
