/**
 * Ancestry of the landed head (src/lib/git/ancestry.ts): questions asked at once get the
 * answer they would get one by one. Two at once shared the walk's queue, and the second
 * answered "not an ancestor" for a commit of a linear history while the first awaited a
 * commit read (issue 30: a real-shaped corpus, a cell citing two SHAs of its monorepo).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ancestry } from '../../src/lib/git/ancestry.ts';
import type { GitRepository } from '../../src/lib/git/repository.ts';

/** A linear history of `n` commits, c0 (root) … c(n-1) (head), read with a delay as from disk. */
function linear(n: number, delays: readonly number[]): { repository: GitRepository; head: string } {
  const repository = {
    commit: async (oid: string) => {
      const i = Number(oid.slice(1));
      await new Promise((r) => setTimeout(r, delays[i % delays.length] ?? 0));
      return { oid, parents: i > 0 ? [`c${i - 1}`] : [] };
    },
    incompleteness: async () => null,
  } as unknown as GitRepository;
  return { repository, head: `c${n - 1}` };
}

describe('Ancestry', () => {
  it('answers questions asked at once as it answers them one by one (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 40 }), fc.array(fc.nat({ max: 60 }), { minLength: 2, maxLength: 8 }), fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 5 }), async (n, asked, delays) => {
        const { repository, head } = linear(n, delays);
        const walk = new Ancestry(repository, head);
        const answers = await Promise.all(asked.map((i) => walk.contains(`c${i}`)));
        expect(answers).toEqual(asked.map((i) => i < n));
      }),
      { numRuns: 60 },
    );
  });

  it('finds two commits of a linear history asked about together (the monorepo case)', async () => {
    const { repository, head } = linear(2000, [1]);
    const walk = new Ancestry(repository, head);
    expect(await Promise.all([walk.contains('c1500'), walk.contains('c900')])).toEqual([true, true]);
    expect(await walk.contains('c2500')).toBe(false);
  });
});
