/**
 * A cited file whose lines end in a lone `\r` (classic Mac OS; trust10, finding 1): its lines are
 * counted as editors count them, everywhere a line is counted, looked up, followed or shown. A
 * file of `\n` (or `\r\n`) lines keeps the numbers git, `grep -n` and forges give it, a stray
 * `\r` inside a line included. Before, a `\r`-only file was one line, so a real
 * `src/mac.ts:12` was a high `evidence/line-out-of-range` (real evidence called fake), and its
 * file page showed one line where the row cited twelve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { countLines, lineAtIndex, textLines } from '../../src/lib/text/line-breaks.ts';
import { excerptText } from '../../src/lib/git/file-excerpt.ts';
import { followLines } from '../../src/lib/evidence/line-follow.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

const MAC = Array.from({ length: 20 }, (_, i) => (i === 11 ? 'export function parseRow() {}' : `// line ${i + 1}`)).join('\r') + '\r';
const MIXED = 'one\r\ntwo\rstill two\nthree\r\n';

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => model.rows.map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason, p.fault ?? '']));

beforeAll(async () => {
  ({ dir, model } = await committedProject('cr-line-ends', {
    'src/mac.ts': MAC,
    'src/mixed.txt': MIXED,
    'decisions.jsonl': trailText([
      row('2026-03-01T10:00:00Z', 'Line', 'src/mac.ts:12'),
      row('2026-03-01T10:01:00Z', 'Past', 'src/mac.ts:21'),
      row('2026-03-01T10:02:00Z', 'Name', 'src/mac.ts:12 parseRow'),
      row('2026-03-01T10:03:00Z', 'Name alone', 'src/mac.ts parseRow'),
      row('2026-03-01T10:04:00Z', 'Mixed', 'src/mixed.txt:4'),
      row('2026-03-01T10:05:00Z', 'Mixed in range', 'src/mixed.txt:3'),
    ]),
  }, 'Mac file and trail', '2026-03-01T11:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('lines ended by a lone \\r', () => {
  it('are lines: a cited line is VERIFIED, one past the end is out of range with the right count', () => {
    expect(verdicts()).toEqual([
      [['src/mac.ts:12', 'VERIFIED', 'line 12 of 20 exists at landed head', '']],
      [['src/mac.ts:21', 'NOT_VERIFIED', 'line 21 is past the end of src/mac.ts (20 lines at landed head)', 'evidence/line-out-of-range']],
      [['src/mac.ts:12 parseRow', 'VERIFIED', 'name found in src/mac.ts at line 12', '']],
      [['src/mac.ts parseRow', 'VERIFIED', 'name found in src/mac.ts at line 12', '']],
      [['src/mixed.txt:4', 'NOT_VERIFIED', 'line 4 is past the end of src/mixed.txt (3 lines at landed head)', 'evidence/line-out-of-range']],
      [['src/mixed.txt:3', 'VERIFIED', 'line 3 of 3 exists at landed head', '']],
    ]);
    expect(model.flags.filter((f) => f.kind === 'evidence/line-out-of-range').map((f) => [f.severity, f.rows])).toEqual([
      ['high', [model.rows[1]?.id]],
      ['high', [model.rows[4]?.id]],
    ]);
  });

  it('are counted, numbered, excerpted and followed one way', () => {
    expect([MAC, MIXED, 'a\r', '\r\r', 'a\r\n\r\n', 'a\n\rb'].map(countLines)).toEqual([20, 3, 1, 2, 2, 2]);
    expect(lineAtIndex(MAC, MAC.indexOf('parseRow'))).toBe(12);
    expect(lineAtIndex(MIXED, MIXED.indexOf('three'))).toBe(3);
    expect(textLines(MIXED)).toEqual(['one', 'two\rstill two', 'three', '']);
    // A file page's line anchors: line 12 is the line the row cited.
    const excerpt = excerptText('src/mac.ts', MAC, [{ from: 12, to: 12 }]);
    expect([excerpt.totalLines, excerpt.windows[0]?.lines[11]]).toEqual([20, 'export function parseRow() {}']);
    expect(followLines('a\rb\rc\r', 'x\ra\rb\rc\r', [{ from: 2, to: 2 }])).toEqual([{ then: { from: 2, to: 2 }, now: { from: 3, to: 3 }, kept: 1 }]);
  });
});
