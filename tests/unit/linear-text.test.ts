/**
 * The linear-time replacements of patterns that backtracked polynomially (issue 14, item 3;
 * tests/unit/regex-linearity.test.ts keeps every pattern linear): each gives what the old
 * pattern gave, checked by property tests against the old pattern on short inputs (where it
 * is still fast), plus the exact values of the edge cases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimChars, trimEndChars, trimStartChars } from '../../src/lib/text/trim-chars.ts';
import { visibleTrim } from '../../src/lib/text/blank.ts';
import { MAX_GLOB_SCOPE, scopeCovers } from '../../src/lib/coord/scope.ts';
import { globMatches } from '../../src/lib/text/glob-match.ts';
import { labelMention, mentionedLabel } from '../../src/lib/arena/labels.ts';
import { headingOf } from '../../src/lib/markdown/sections.ts';
import { isDelimiterRow } from '../../src/lib/markdown/tables.ts';
import { reproFromScenario } from '../../src/lib/verdicts/repro.ts';
import { formatCount } from '../../src/cli/output.ts';
import { slugify } from '../../src/lib/text/slug.ts';

const RUNS = 300;
const from = (chars: string, max = 12): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...chars), maxLength: max });

describe('trimChars', () => {
  it('equals the old end patterns on any text', () => {
    fc.assert(
      fc.property(from('ab.,:)"(` '), (t) => {
        expect(trimEndChars(t, '.,:)')).toBe(t.replace(/[.,:)]+$/, ''));
        expect(trimStartChars(t, '("`')).toBe(t.replace(/^[("`]+/, ''));
        expect(trimChars(t, '-.')).toBe(t.replace(/^[-.]+|[-.]+$/g, ''));
      }),
      { numRuns: RUNS },
    );
  });

  it('reads astral characters whole, and keeps what it does not trim', () => {
    expect(trimEndChars('a😀😀', (c) => c === '😀')).toBe('a');
    expect(trimStartChars('😀b', (c) => c === '😀')).toBe('b');
    expect(trimChars('...', '.')).toBe('');
    expect(visibleTrim('\u200b x \u2800')).toBe('x');
  });
});

/** The glob matcher scope.ts used before (a regular expression built from the scope). */
function oldGlob(glob: string, path: string): boolean {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*' && glob[i + 2] === '/') {
        // `**/`: zero or more folders (globstar).
        out += '(?:.*/)?';
        i += 2;
      } else if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 's').test(path);
}

describe('globMatches (coordination scopes)', () => {
  it('agrees with the old regular expression on any glob and path', () => {
    fc.assert(
      fc.property(from('ab/*?', 8), from('ab/', 10), (glob, path) => {
        expect(globMatches(glob, path)).toBe(oldGlob(glob, path));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches as a shell does, and compares an overlong glob as text', () => {
    expect(globMatches('src/*', 'src/a.ts')).toBe(true);
    expect(globMatches('src/*', 'src/lib/a.ts')).toBe(false);
    expect(globMatches('src/**', 'src/lib/a.ts')).toBe(true);
    // `**/` is zero or more folders, as git and a shell with globstar read it (fresh trial: `src/**/*.ts` matched no `src/a.ts`).
    expect(globMatches('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(globMatches('src/**/*.ts', 'src/lib/deep/a.ts')).toBe(true);
    expect(globMatches('**/a.ts', 'a.ts')).toBe(true);
    expect(globMatches('src/**/x.ts', 'src/abx.ts')).toBe(false);
    expect(globMatches('src/?.ts', 'src/a.ts')).toBe(true);
    expect(scopeCovers('src/lib/*', 'src/lib/a.ts')).toBe(true);
    const long = `${'a*'.repeat(MAX_GLOB_SCOPE)}b`;
    expect(scopeCovers(long, `${'a'.repeat(50)}c`)).toBe(false);
    expect(scopeCovers(long, long)).toBe(true);
  });
});

/** The label search labels.ts used before. */
function oldMention(text: string, label: string): number | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?:^|[^\\p{L}\\p{N}_])(?:candidate\\s+)?\\**${escaped}\\**(?=$|[^\\p{L}\\p{N}_])`, 'u').exec(text);
  return m ? m.index : null;
}

describe('labelMention (design arena)', () => {
  it('finds the same mention as the old pattern', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('B', 'AB', 'candidate', ' ', '*', '.', 'x', 'é', '\n'), { maxLength: 10 }), fc.constantFrom('B', 'AB', 'x'), (parts, label) => {
        const text = parts.join('');
        expect(labelMention(text, label)).toBe(oldMention(text, label));
      }),
      { numRuns: 2000 },
    );
  });

  it('names the first label mentioned', () => {
    expect(mentionedLabel('We pick **B** over A.', ['A', 'B'])).toBe('B');
    expect(mentionedLabel('Candidate  A wins; B loses', ['B', 'A'])).toBe('A');
    expect(mentionedLabel('ABBA', ['A', 'B'])).toBe(null);
  });
});

/** The heading pattern sections.ts used before. */
const OLD_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

describe('headingOf and isDelimiterRow (markdown)', () => {
  it('reads the headings the old pattern read, closing sequences included', () => {
    fc.assert(
      fc.property(from('# a\t', 10), (line) => {
        const old = OLD_HEADING.exec(line);
        const now = headingOf(line);
        expect(now === null).toBe(old === null);
        // The old pattern kept a lone `#` after the opening sequence as the title; CommonMark (and now Trailbook) reads it as a closing sequence.
        if (old && now && !/^#+$/.test((old[2] ?? '').trim())) expect(now.title).toBe((old[2] ?? '').trim());
      }),
      { numRuns: 2000 },
    );
    expect(headingOf('## Shape ##')).toEqual({ level: 2, title: 'Shape' });
    expect(headingOf('## C# notes')).toEqual({ level: 2, title: 'C# notes' });
    expect(headingOf('####### seven')).toBe(null);
  });

  it('reads the delimiter rows the old pattern read', () => {
    const old = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
    fc.assert(
      fc.property(from('|-: a', 10), (line) => {
        expect(isDelimiterRow(line)).toBe(old.test(line));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('reproFromScenario, formatCount, slugify', () => {
  const OLD_REPRO = /(?:^|\n|\s)repro:\s*([\s\S]+?)\s*(?:→|->)\s*([\s\S]*)$/i;
  it('reads the command and output the old pattern read', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('repro:', 'REPRO:', ' ', '\n', '→', '->', '-', 'x', '`'), { maxLength: 10 }), (parts) => {
        const text = parts.join('');
        const old = OLD_REPRO.exec(text);
        const oldCommand = old ? (old[1] as string).trim().replace(/^`+|`+$/g, '').trim() : '';
        const now = reproFromScenario(text);
        expect(now?.command ?? null).toBe(old && oldCommand !== '' ? oldCommand : null);
      }),
      { numRuns: 2000 },
    );
    expect(reproFromScenario('repro: `npm test` → FAIL x')).toEqual({ command: 'npm test', output: 'FAIL x', outputLines: 1, from: 'failure_scenario' });
  });

  it('groups digits by three', () => {
    expect([formatCount(0), formatCount(999), formatCount(1000), formatCount(1234567), formatCount(-1234), formatCount(1.5)]).toEqual(['0', '999', '1,000', '1,234,567', '-1,234', '1.5']);
  });

  it('keeps slugs as before', () => {
    expect([slugify('..a//b..'), slugify('--'), slugify('Tickets/Clean')]).toEqual(['a-b', 'project', 'tickets-clean']);
  });
});
