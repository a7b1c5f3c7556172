/**
 * `npm run bench` part 1: evidence classification of hostile 4 MiB cells (issue 14, item 3;
 * docs/security.md, "Text that takes long to read"). A line of a record may be up to 4 MiB
 * (MAX_LINE_BYTES), so one evidence cell may be too: each shape (the hostile corpus's quadratic
 * cases, scripts/make-hostile-corpus.ts) once took quadratic time or could, and each must
 * classify in at most a second. Timings come from runs, never tests.
 *
 * Usage alone: `node scripts/bench.ts --only text`.
 */
import { classifyEvidence } from '../src/lib/evidence/classify.ts';
import { MAX_LINE_BYTES } from '../src/lib/text/lines.ts';
import { quadraticCells } from './make-hostile-corpus.ts';

/** Classifies each hostile cell of `size` characters once (after a warm-up on a small one); returns the timings. */
export function benchText(size = MAX_LINE_BYTES): Array<{ name: string; chars: number; pointers: number; ms: number }> {
  for (const { cell } of quadraticCells(4096)) classifyEvidence(cell);
  return quadraticCells(size).map(({ name, cell }) => {
    const started = performance.now();
    const pointers = classifyEvidence(cell).length;
    return { name, chars: cell.length, pointers, ms: Math.round(performance.now() - started) };
  });
}

/** Prints the timings as a markdown table, with the one-second budget. */
export function printText(results: ReturnType<typeof benchText>): void {
  console.log('| cell (4 MiB) | pointers | classification | within 1 s |');
  console.log('|---|---|---|---|');
  for (const r of results) console.log(`| ${r.name.replace(/\|/g, '\\|')} | ${r.pointers} | ${r.ms} ms | ${r.ms <= 1000 ? 'yes' : '**no**'} |`);
}
