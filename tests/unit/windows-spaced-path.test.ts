/**
 * A committed path holding a space, written with Windows separators (trust15, fault-injecting
 * review): `dir with space\f.ts:2` was prose, a medium `evidence/prose` "evidence must be a
 * pointer, not prose", with `space\f.ts:2` named in it and not found — real evidence called
 * fake. A path with `\` separators and a path with spaces were each read, not the two together.
 * Now the text, spaces and all, is looked for with `/` separators as `src\a.ts` is, and said so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason]));

beforeAll(async () => {
  ({ dir, model } = await committedProject('windows-spaced-path', {
    'dir with space/f.ts': 'x\ny\n',
    'Fuji Recipes/Views/Recipe List.swift': 'a\nb\nc\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'dir with space\\f.ts:2', 'start'),
      row('2026-03-01T09:01:00Z', 'Two spaced names', 'Fuji Recipes\\Views\\Recipe List.swift:3'),
      row('2026-03-01T09:02:00Z', 'Past the end', 'dir with space\\f.ts:9'),
    ]),
  }, 'Files and trail', '2026-03-01T10:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a committed path with spaces and \\ separators', () => {
  it('is that one path, said to be read with / separators', () => {
    expect(verdicts()).toEqual([
      [['dir with space\\f.ts:2', 'path', 'VERIFIED', 'written with \\ separators, read as dir with space/f.ts: line 2 of 2 exists at landed head']],
      [['Fuji Recipes\\Views\\Recipe List.swift:3', 'path', 'VERIFIED', 'written with \\ separators, read as Fuji Recipes/Views/Recipe List.swift: line 3 of 3 exists at landed head']],
      [['dir with space\\f.ts:9', 'path', 'NOT_VERIFIED', 'written with \\ separators, read as dir with space/f.ts: line 9 is past the end of dir with space/f.ts (2 lines at landed head)']],
    ]);
    const t = model.rows[0]?.evidence[0]?.target;
    expect(t?.type === 'file' ? [t.path, t.from, t.to] : t).toEqual(['dir with space/f.ts', 2, 2]);
  });

  it('raises no prose flag, and the line past the end its own high flag', () => {
    expect(model.flags.filter((f) => f.kind.startsWith('evidence/')).map((f) => [f.severity, f.kind])).toEqual([['high', 'evidence/line-out-of-range']]);
  });
});
