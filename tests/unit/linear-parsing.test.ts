/**
 * Markdown, front matter and table helpers read in linear time (docs/security.md, "Nothing is
 * lost"): the review found design documents that took minutes (`## Shape` then 400,000 `#`
 * lines: 56 s in `splitSections`; one heading line of 100,000 space-tab pairs: 34 s in the
 * heading pattern). Each shape is here at a size a quadratic reading would not finish in the
 * test's time, with the exact result; the hand-written readers are compared with the regular
 * expressions they replace on arbitrary short lines (property tests), so only the time changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headingOf, splitSections } from '../../src/lib/markdown/sections.ts';
import { findTables, isDelimiterRow } from '../../src/lib/markdown/tables.ts';
import { listItemsOrParagraphs } from '../../src/lib/markdown/lists.ts';
import { markdownHazard, renderMarkdown } from '../../src/lib/markdown/render-markdown.ts';
import { parseCandidate } from '../../src/lib/arena/candidate.ts';
import { parseRubric } from '../../src/lib/arena/rubric.ts';
import { parseSelection } from '../../src/lib/arena/selection.ts';
import { LabelMentions, mentionedLabel } from '../../src/lib/arena/labels.ts';
import { citesHeading, HeadingKeys, sectionKey } from '../../src/lib/checks/arena/score-cites-missing-section.ts';
import { slugify } from '../../src/lib/text/slug.ts';
import { trimChars } from '../../src/lib/text/trim-chars.ts';
import { parseSkillStatus } from '../../src/lib/verdicts/qa-text.ts';
import { AnchorSet } from '../../src/lib/verdicts/anchors.ts';

/** The pattern the delimiter reader replaces, kept here to compare against. */
const OLD_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const line = (chars: string[], max = 14): fc.Arbitrary<string> => fc.array(fc.constantFrom(...chars), { maxLength: max }).map((a) => a.join(''));

describe('headings and sections', () => {
  // Sizes past the review's (400,000 lines took 56 s, 100,000 pairs 34 s): a quadratic reading
  // would take minutes, past the test's timeout.
  it('splits `## Shape` then 800,000 `#` lines into 800,001 sections, each ending at the next', () => {
    const lines = ['## Shape', 'ok', ...Array<string>(800_000).fill('#')];
    const sections = splitSections(lines);
    expect(sections).toHaveLength(800_001);
    expect(sections[0]).toEqual({ level: 2, title: 'Shape', line: 1, body: ['ok'], bodyLine: 2, endLine: 2 });
    expect(sections[800_000]).toEqual({ level: 1, title: '', line: 800_002, body: [], bodyLine: 800_003, endLine: 800_002 });
    const candidate = parseCandidate(`## Shape\nok\n${'#\n'.repeat(400_000)}`, 'design/candidates/1/design.md', '1');
    expect([candidate.shape, candidate.shapeLine, candidate.shapeFirst, candidate.sections.length]).toEqual(['ok', 1, true, 400_001]);
  });

  it('reads a heading line of 200,000 space-tab pairs in one pass', () => {
    const text = `a${' \t'.repeat(200_000)}x`;
    expect(headingOf(`# ${text}`)).toEqual({ level: 1, title: text });
    expect(headingOf(`# a${' \t'.repeat(200_000)}`)).toEqual({ level: 1, title: 'a' });
    expect(headingOf(`# a${' \t'.repeat(200_000)}##`)).toEqual({ level: 1, title: 'a' });
  });

  it('ends sections as a search for the next heading of the same or a higher level does', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 1, max: 6 }).map((n) => '#'.repeat(n)), fc.constant('text')), { maxLength: 40 }), (lines) => {
        const hs = lines.map((l, index) => ({ index, h: headingOf(l) })).filter((x) => x.h !== null);
        const expected = hs.map((x, i) => {
          const next = hs.slice(i + 1).find((o) => (o.h?.level ?? 0) <= (x.h?.level ?? 0));
          return (next ? next.index : lines.length) + 1 - 1;
        });
        expect(splitSections(lines).map((s) => s.endLine)).toEqual(expected);
      }),
    );
  });
});

describe('tables and lists', () => {
  it('reads a delimiter row cell by cell, as the former pattern did', () => {
    expect(isDelimiterRow(`|-${' '.repeat(1_000_000)}x`)).toBe(false);
    expect(isDelimiterRow(`${' '.repeat(1_000_000)}x`)).toBe(false);
    expect(isDelimiterRow(`|${' - |'.repeat(100_000)}`)).toBe(true);
    fc.assert(
      fc.property(line([' ', '|', '-', ':', 'x', '\t']), (l) => {
        expect(isDelimiterRow(l)).toBe(OLD_DELIMITER.test(l));
      }),
      { numRuns: 3000 },
    );
    expect(findTables(['| a | b |', `|-${' '.repeat(1_000_000)}x`])).toEqual([]);
  });

  it('reads a list item or rubric criterion after a long run of spaces, with a lone CR too', () => {
    const spaces = ' '.repeat(1_000_000);
    expect(listItemsOrParagraphs([`- ${spaces}a b`], 1)).toEqual([{ text: 'a b', line: 1 }]);
    // A lone CR ends what `.` reads: not an item, so the line is a paragraph.
    expect(listItemsOrParagraphs([`- ${spaces}a\rb`], 1)).toEqual([{ text: `- ${spaces}a\rb`, line: 1 }]);
    expect(parseRubric(`1. ${spaces}a b\n`, 'design/rubric.md').criteria.map((c) => [c.n, c.text, c.line])).toEqual([[1, 'a b', 1]]);
  });
});

describe('selection.md', () => {
  it('renders no part of a document past the markdown limit: 50,000 sections are plain text', () => {
    const source = `## Scores\n${'## x\n'.repeat(50_000)}`;
    expect(markdownHazard('x', source.length)).toBe('the document it is part of is longer than 131072 characters');
    const s = parseSelection(source, 'design/selection.md', ['A']).selection;
    expect(s.sections).toHaveLength(50_001);
    expect(s.sections[1]?.html).toBe('');
    expect(renderMarkdown('*x*', { documentChars: source.length })).toBe('<p class="markdown-plain-note">Shown as plain text: the document it is part of is longer than 131072 characters.</p>\n<pre class="raw">*x*</pre>');
  });

  it('finds the scores table among 20,000 tables and 20,000 score sections in one pass', () => {
    const source = `${'## Scores\n\nx\n'.repeat(20_000)}${'## Other\n| a | b |\n|-|-|\n'.repeat(20_000)}## Scores\n| c | A |\n|-|-|\n| x | 4 |\n`;
    const s = parseSelection(source, 'design/selection.md', ['A']).selection;
    expect([s.matrix?.line, s.matrix?.candidates, s.matrix?.rows.map((r) => r.criterion)]).toEqual([120_002, ['A'], ['x']]);
  });

  it('finds why each of 10,000 candidates lost without a search per candidate and block', () => {
    const labels = Array.from({ length: 10_000 }, (_, i) => `L${i}`);
    const source = `## Scores\n| c | ${labels.join(' | ')} |\n|-|${labels.map(() => '-').join('|')}|\n| x | ${labels.map(() => '1').join(' | ')} |\n## Pick\nL0\n## Why others lost\n${labels.map((l) => `- ${l} was slower`).join('\n')}\n`;
    const s = parseSelection(source, 'design/selection.md', []).selection;
    expect(s.pick).toBe('L0');
    expect(s.dropped).toHaveLength(9_999);
    expect(s.dropped[9_998]).toEqual({ label: 'L9999', why: 'was slower', line: 10_007 });
  });

  it('does not read front matter over 64 KiB, and finds the lines of many grafts in one pass', () => {
    const big = parseSelection(`---\ngrafts:\n${'  - {from: A, part: x}\n'.repeat(50_000)}---\n`, 'design/selection.md', ['A']);
    expect(big.invalid.map((r) => [r.kind, r.line, r.error])).toEqual([['arena/invalid-front-matter', 1, 'design/selection.md: front matter is longer than 65536 characters; not read']]);
    const grafts = parseSelection(`---\ngrafts:\n${'  - {from: A, part: x}\n'.repeat(2000)}---\n`, 'design/selection.md', ['A']).selection.grafts;
    expect([grafts.length, grafts[0]?.line, grafts[1999]?.line]).toEqual([2000, 3, 2002]);
  });

  it('removes a leading pick after a long run of spaces', () => {
    const s = parseSelection(`## Pick\npick${' '.repeat(1_000_000)}is A because x\n`, 'design/selection.md', ['A', 'B']).selection;
    expect([s.pick, s.pickReason]).toEqual(['A', 'because x']);
  });

  it('finds label mentions as the whole-word pattern did', () => {
    expect(mentionedLabel('We pick candidate B over A', ['A', 'B'])).toBe('B');
    expect(mentionedLabel('a-1 then x-y.', ['x-y', 'a-1'])).toBe('a-1');
    expect(mentionedLabel('xa-1', ['a-1'])).toBeNull();
    expect(new LabelMentions(['none here', 'B**, then A', 'A']).first('A')).toEqual({ text: 1, at: 10 });
    fc.assert(
      fc.property(line(['A', 'B', ' ', '*', '-', 'x', 'é'], 12), fc.constantFrom('A', 'B', 'A-B', 'x'), (text, label) => {
        const old = new RegExp(`(?:^|[^\\p{L}\\p{N}_])(?:candidate\\s+)?\\**${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\**(?=$|[^\\p{L}\\p{N}_])`, 'u').test(text);
        expect(mentionedLabel(text, [label]) !== null).toBe(old);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('keys and trims', () => {
  it('keys a cite with a 2,000,000-character tail of punctuation, and looks it up among 200,000 headings', () => {
    expect(sectionKey(`a${'.,'.repeat(1_000_000)}x`)).toBe(`a${'.,'.repeat(1_000_000)}x`);
    expect(sectionKey(`("Shape${'.,'.repeat(1_000_000)}`)).toBe('shape');
    const keys = new HeadingKeys(Array.from({ length: 200_000 }, (_, i) => `${i}. Section ${i}`));
    expect([keys.has('Section 199999'), keys.has('§ 17'), keys.has('Section 2000000'), keys.has('17.')]).toEqual([true, true, false, true]);
    expect(citesHeading('Risks', ['Risks and mitigations'])).toBe(true);
    fc.assert(
      fc.property(line([' ', '.', ',', '"', 'a', '(', ')', '§', '#']), (t) => {
        const old = t.toLowerCase().replace(/[§#]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^[\s"'`*_([{]+|[\s"'`*_)\]}.,:;]+$/g, '');
        expect(sectionKey(t)).toBe(old);
      }),
      { numRuns: 2000 },
    );
  });

  it('slugifies and trims as the former patterns did, in linear time', () => {
    expect(slugify(`a${'.-'.repeat(1_000_000)}x`)).toBe(`a${'.-'.repeat(1_000_000)}x`);
    expect(slugify(`.-.${'x'}-.-`)).toBe('x');
    fc.assert(
      fc.property(line(['-', '.', 'a']), (t) => {
        expect(trimChars(t, '-.')).toBe(t.replace(/^[-.]+|[-.]+$/g, ''));
      }),
    );
  });

  it('reads a STATUS: line whose value holds a long run of spaces', () => {
    const { status, invalid } = parseSkillStatus(`STATUS: a${' '.repeat(1_000_000)}x\n`, 'verdicts/review.md', 'review', new AnchorSet());
    expect([status?.status, invalid]).toEqual([`a${' '.repeat(1_000_000)}x`, []]);
    expect(parseSkillStatus('STATUS:   \n', 'verdicts/review.md', 'review', new AnchorSet()).invalid.map((r) => r.kind)).toEqual(['verdict/no-status-line']);
  });
});
