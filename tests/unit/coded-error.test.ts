/**
 * The one shape of the core's coded errors (src/lib/text/coded-error.ts): a class made for a
 * union of codes names itself, says `<summary>: <code>`, and hands back the detail it was given
 * under both `detail` and its own key.
 */
import { describe, expect, it } from 'vitest';
import { MergeRefusal } from '../../src/lib/build/merge-shards.ts';
import { ShardMismatchError } from '../../src/lib/shard/check-shards.ts';
import { ShardDamageError } from '../../src/lib/shard/verify-shard.ts';
import { CodedError, codedErrorClass } from '../../src/lib/text/coded-error.ts';

type Trouble = { code: 'one' } | { code: 'two'; count: number };

describe('codedErrorClass', () => {
  const TroubleError = codedErrorClass<Trouble, 'trouble'>('TroubleError', 'trouble found', 'trouble');

  it('makes errors named as the class, with the code in the message and the detail under both names', () => {
    const detail: Trouble = { code: 'two', count: 3 };
    const error = new TroubleError(detail);
    expect(TroubleError.name).toBe('TroubleError');
    expect(error.name).toBe('TroubleError');
    expect(error.message).toBe('trouble found: two');
    expect(String(error)).toBe('TroubleError: trouble found: two');
    expect(error.detail).toBe(detail);
    expect(error.trouble).toBe(detail);
    expect(error).toBeInstanceOf(TroubleError);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toBeInstanceOf(Error);
  });

  it('keeps the classes apart: an error is an instance of its own class only', () => {
    const Other = codedErrorClass<Trouble, 'trouble'>('Other', 'other', 'trouble');
    expect(new Other({ code: 'one' })).not.toBeInstanceOf(TroubleError);
  });

  it('makes the three coded errors of a merge, each with its summary and key', () => {
    const refusal = new MergeRefusal({ code: 'other-search-parts', parts: 1, reads: '2' });
    expect([refusal.name, refusal.message, refusal.reason.code]).toEqual(['MergeRefusal', 'merge refused: other-search-parts', 'other-search-parts']);
    const mismatch = new ShardMismatchError({ code: 'no-shards' });
    expect([mismatch.name, mismatch.message, mismatch.mismatch]).toEqual(['ShardMismatchError', 'shards refused: no-shards', { code: 'no-shards' }]);
    const damage = new ShardDamageError({ code: 'contents-list-missing', shard: { shard: { index: 1, count: 2 }, display: 'shard-1' } });
    expect([damage.name, damage.message, damage.damage.code]).toEqual(['ShardDamageError', 'shard damaged: contents-list-missing', 'contents-list-missing']);
    expect(damage).not.toBeInstanceOf(ShardMismatchError);
  });
});
