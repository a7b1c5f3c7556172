import { describe, expect, it } from 'vitest';
import { codeLinesHtml, remarkLines } from '../../src/components/html/code.ts';
import { diffLines, highlightCss, highlightLines, mergeTokens, TOKEN_CLASS } from '../../src/lib/highlight/highlight.ts';

describe('highlighted code lines (issue 30, output size)', () => {
  it('gives an anchored line of one highlighted token its class on the line span, one span a line', () => {
    const lines = [[{ text: '+added <b>', cls: 'ha' }], [{ text: ' context', cls: '' }], [{ text: 'x', cls: 'hn' }, { text: ' = 1', cls: '' }], [{ text: '// note', cls: 'hc hi' }]];
    expect(codeLinesHtml(lines, 7, [{ from: 7, to: 7 }], true).value).toBe(
      '<span class="line marked ha" id="L7" data-n="7">+added &lt;b&gt;\n</span><span class="line" id="L8" data-n="8"> context\n</span><span class="line" id="L9" data-n="9"><span class="hn">x</span> = 1\n</span><span class="line hc hi" id="L10" data-n="10">// note\n</span>',
    );
  });

  it('numbers a block from line 1 by CSS (a counter), without data-n; a block from another line keeps data-n on each line', () => {
    const lines = [[{ text: 'a', cls: '' }], [{ text: '// b', cls: 'hc' }]];
    expect(codeLinesHtml(lines, 1, [{ from: 2, to: 2 }], true).value).toBe('<span class="line" id="L1">a\n</span><span class="line marked hc" id="L2">// b\n</span>');
    expect(codeLinesHtml(lines, 41, [], true).value).toBe('<span class="line" id="L41" data-n="41">a\n</span><span class="line hc" id="L42" data-n="42">// b\n</span>');
  });

  it('writes unanchored code (a diff) as one span per run of lines of a class, other lines bare', () => {
    const diff = diffLines('@@ -1,3 +1,4 @@\n context <a>\n-old\n-old 2\n+new\n+new 2\n+new 3\n context');
    expect(codeLinesHtml(diff, 1, [], false).value).toBe('<span class="hf">@@ -1,3 +1,4 @@\n</span> context &lt;a&gt;\n<span class="hd">-old\n-old 2\n</span><span class="ha">+new\n+new 2\n+new 3\n</span> context\n');
    const lines = [[{ text: 'x', cls: 'hn' }, { text: ' = 1', cls: '' }], [{ text: '// a', cls: 'hc' }], [{ text: '// b', cls: 'hc' }], [{ text: 'FAIL', cls: '' }], [{ text: 'ok', cls: '' }]];
    // A marked line keeps a box of its own (its background), between runs.
    expect(codeLinesHtml(lines, 1, [{ from: 3, to: 4 }], false).value).toBe('<span class="hn">x</span> = 1\n<span class="hc">// a\n</span><span class="line marked hc">// b\n</span><span class="line marked">FAIL\n</span>ok\n');
  });

  it('marks lines again keeping a line span\'s token class (the merge of a sharded build)', () => {
    const lines = [[{ text: 'a', cls: 'hd' }], [{ text: 'b', cls: 'hc hi' }], [{ text: 'c', cls: '' }]];
    const none = codeLinesHtml(lines, 1, [], true).value;
    const all = codeLinesHtml(lines, 1, [{ from: 1, to: 3 }], true).value;
    expect(remarkLines(none, [{ from: 1, to: 3 }])).toBe(all);
    expect(remarkLines(all, [])).toBe(none);
    // A block from another line than 1 (a long file's window) keeps its data-n.
    const later = codeLinesHtml(lines, 41, [], true).value;
    expect(remarkLines(later, [{ from: 42, to: 42 }])).toBe(codeLinesHtml(lines, 41, [{ from: 42, to: 42 }], true).value);
    expect(remarkLines(later, [{ from: 42, to: 42 }])).toContain('<span class="line marked hc hi" id="L42" data-n="42">b\n</span>');
  });
});

describe('token classes (issue 30, output size)', () => {
  it('names each colour with two letters, given in one place and styled from it', () => {
    expect(TOKEN_CLASS).toEqual({ keyword: 'hk', string: 'hs', 'string-expression': 'hx', comment: 'hc', constant: 'hn', function: 'hf', parameter: 'hp', punctuation: 'hu', link: 'hl', inserted: 'ha', deleted: 'hd', italic: 'hi', bold: 'hb' });
    const css = highlightCss();
    expect(css).toContain('\n.hk{color:var(--hl-keyword)}\n');
    expect(css).toContain('\n.ha{color:var(--hl-inserted)}\n');
    expect(css).toContain('\n.hi{font-style:italic}\n.hb{font-weight:bold}\n');
  });

  it('joins tokens of one class and the blanks between them, never across italic or bold', () => {
    expect(mergeTokens([{ text: 'a', cls: 'hs' }, { text: ' ', cls: '' }, { text: 'b', cls: 'hs' }, { text: 'c', cls: 'hs' }, { text: ' = ', cls: '' }, { text: 'd', cls: 'hs' }])).toEqual([{ text: 'a bc', cls: 'hs' }, { text: ' = ', cls: '' }, { text: 'd', cls: 'hs' }]);
    expect(mergeTokens([{ text: 'a', cls: 'hc hi' }, { text: ' ', cls: '' }, { text: 'b', cls: 'hc hi' }])).toEqual([{ text: 'a', cls: 'hc hi' }, { text: ' ', cls: '' }, { text: 'b', cls: 'hc hi' }]);
  });

  it('highlights a shell command in a few spans of short classes', async () => {
    expect(await highlightLines('npx vitest run tests/parser.test.ts -t "numbers lines from 1"', 'shellscript')).toEqual([
      [{ text: 'npx', cls: 'hf' }, { text: ' ', cls: '' }, { text: 'vitest run tests/parser.test.ts -t', cls: 'hs' }, { text: ' ', cls: '' }, { text: '"numbers lines from 1"', cls: 'hx' }],
    ]);
  });
});
