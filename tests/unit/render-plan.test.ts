/**
 * The render plan (src/lib/archive/render-plan.ts): which entries a build renders, and which
 * it carries over without reading their stored evidence back (issue 30).
 */
import { describe, expect, it } from 'vitest';
import { carriedOver, mustRender, type RenderPlan } from '../../src/lib/archive/render-plan.ts';

const previous = { site: 's', base: '/', pages: { 'commit:r/abc': 'd1', 'file:r/r/a.ts': 'd2' } };

describe('entries carried over', () => {
  it('are the entries of the previous record with the same digest, in a build that is not a shard nor a merge', () => {
    const plan: RenderPlan = { previous };
    expect([carriedOver(plan, 'commit:r/abc', 'd1'), carriedOver(plan, 'commit:r/abc', 'd9'), carriedOver(plan, 'commit:r/def', 'd1'), carriedOver(plan, 'file:r/r/a.ts', 'd2')]).toEqual([true, false, false, true]);
    expect(mustRender(plan, 'commit:r/abc', 'd1')).toBe(false);
    expect(mustRender(plan, 'commit:r/abc', 'd9')).toBe(true);
  });

  it('are none without a previous record (a first or --full build), in a shard build (its data reads the store) or a merge', () => {
    expect(carriedOver({ previous: null }, 'commit:r/abc', 'd1')).toBe(false);
    expect(carriedOver({ previous, shard: true }, 'commit:r/abc', 'd1')).toBe(false);
    expect(carriedOver({ previous, spanningOnly: true }, 'commit:r/abc', 'd1')).toBe(false);
  });
});
