/**
 * docs/checks.md, "How an evidence cell is read": every rule's real cell is read exactly as the
 * table says (issue 26, scope 9: each rule written with the cell that motivated it, and each
 * example a test). The table is parsed between `<!-- cells:start -->` and `<!-- cells:end -->`;
 * its third column is the classifier's output as `kind \`raw\`` items joined by ` · `, with
 * `↳ ` before a pointer named inside the item before it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';

const DOC = readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8');

/** The table's rows: [rule, cell, read as]. */
function rows(): Array<[string, string, string]> {
  const start = DOC.indexOf('<!-- cells:start -->');
  const end = DOC.indexOf('<!-- cells:end -->');
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return DOC.slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| rule |'))
    .map((line) => {
      const cells = line.slice(2, -2).split(' | ');
      expect(cells, line).toHaveLength(3);
      // A cell holding backquotes is written in a double-backquote code span (`` `a > b` ``).
      const m = /^(?:`` (.+) ``|`(.+)`) \([^)]*\)$/.exec(cells[1] as string);
      const cell = m?.[1] ?? m?.[2];
      expect(cell, line).toBeDefined();
      return [cells[0] as string, cell as string, cells[2] as string];
    });
}

/** The classifier's output in the table's notation. */
const readAs = (cell: string): string =>
  classifyEvidence(cell)
    // A raw text holding backquotes is written in a double-backquote code span.
    .map((p) => `${p.within !== undefined ? '↳ ' : ''}${p.kind} ${p.raw.includes('`') ? `\`\` ${p.raw} \`\`` : `\`${p.raw}\``}`)
    .join(' · ');

describe('docs/checks.md: how an evidence cell is read', () => {
  it('lists the rules', () => {
    expect(rows().length).toBe(58);
  });

  it.each(rows())('%s', (_rule, cell, expected) => {
    expect(readAs(cell)).toBe(expected);
  });
});
