import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { holdsName, indexOfName } from '../../src/lib/evidence/name-match.ts';

describe('a cited name is found as a whole name', () => {
  it('not inside a longer identifier', () => {
    const text = 'export function clearQueueLater() {}\nconst $queue = clearQueue_x;';
    expect(indexOfName(text, 'clearQueueLater')).toBe(16);
    expect(indexOfName(text, 'clearQueue')).toBe(-1);
    expect(indexOfName(text, 'Queue')).toBe(-1);
    expect(indexOfName(text, 'queue')).toBe(-1);
    expect(holdsName('a.clearQueue()', 'clearQueue')).toBe(true);
    expect(holdsName('mod::tests::name_x', 'tests::name')).toBe(false);
    expect(holdsName('mod::tests::name()', 'tests::name')).toBe(true);
    expect(holdsName("it('renders the header', () => {})", 'renders the header')).toBe(true);
    expect(holdsName('ünter', 'nter')).toBe(false);
    expect(holdsName('x', '')).toBe(false);
  });

  it('a later whole occurrence is found after earlier partial ones', () => {
    expect(indexOfName('runAll run(1)', 'run')).toBe(7);
  });

  it('property: a found index is an occurrence with no identifier character on either side', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_ ().]{0,40}$/), fc.stringMatching(/^[a-z]{1,4}$/), (text, name) => {
        const at = indexOfName(text, name);
        if (at === -1) {
          // Absent as a whole name: every occurrence touches an identifier character.
          for (let i = text.indexOf(name); i !== -1; i = text.indexOf(name, i + 1)) expect(/[a-z_]/.test(text[i - 1] ?? '') || /[a-z_]/.test(text[i + name.length] ?? '')).toBe(true);
        } else {
          expect(text.slice(at, at + name.length)).toBe(name);
          expect(/[a-z_]/.test(text[at - 1] ?? '')).toBe(false);
          expect(/[a-z_]/.test(text[at + name.length] ?? '')).toBe(false);
        }
      }),
    );
  });
});
