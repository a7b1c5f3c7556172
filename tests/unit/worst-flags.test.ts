import { describe, expect, it } from 'vitest';
import { worstFlags, worstFlagsMoreText } from '../../src/lib/projections/worst-flags.ts';
import type { Flag, Severity } from '../../src/lib/model/types.ts';

const flag = (severity: Severity, kind: string, omitted?: number): Flag => ({ layer: 'trail', severity, kind, rows: [], summary: kind, at: [], ...(omitted !== undefined ? { omitted } : {}) });

describe('the worst flags a recap names first', () => {
  it('names the first three high or medium flags with their Attention anchors, and counts the rest', () => {
    const flags = [flag('high', 'a'), flag('high', 'b'), flag('medium', 'c'), flag('medium', 'd'), flag('medium', 'e', 40), flag('low', 'f')];
    const worst = worstFlags(flags);
    expect(worst.shown.map((w) => [w.flag.kind, w.anchor])).toEqual([['a', 'flag-1'], ['b', 'flag-2'], ['c', 'flag-3']]);
    // d, and the summary standing for 40 flags of kind e; never the low one.
    expect(worst.more).toBe(41);
    expect(worstFlagsMoreText(worst.more)).toBe('and 41 more high- or medium-severity flags in Attention');
    expect(worstFlagsMoreText(1)).toBe('and 1 more high- or medium-severity flag in Attention');
    expect(worstFlagsMoreText(0)).toBeNull();
  });

  it('names no low flag: a recap whose worst is a notice names nothing', () => {
    expect(worstFlags([flag('low', 'x'), flag('low', 'y')])).toEqual({ shown: [], more: 0 });
  });
});
