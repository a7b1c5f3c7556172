import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runBounded } from '../../src/lib/fs/bounded-tasks.ts';

const later = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('runBounded', () => {
  it('returns results in index order and never runs more than the limit at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }), fc.integer({ min: 1, max: 6 }), async (delays, limit) => {
        let running = 0;
        let most = 0;
        const out = await runBounded(delays.length, limit, async (i) => {
          running++;
          most = Math.max(most, running);
          await later(delays[i] as number);
          running--;
          return i * 2;
        });
        expect(out).toEqual(delays.map((_, i) => i * 2));
        expect(most).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 40 },
    );
  });

  it('rejects with the error of the lowest failing index, whichever fails first in time', async () => {
    const task = async (i: number): Promise<number> => {
      await later(i === 2 ? 20 : 1);
      if (i === 2 || i === 5) throw new Error(`task ${i} failed`);
      return i;
    };
    await expect(runBounded(10, 4, task)).rejects.toThrow('task 2 failed');
  });

  it('resolves with nothing for no tasks', async () => {
    expect(await runBounded(0, 8, async () => 1)).toEqual([]);
  });
});
