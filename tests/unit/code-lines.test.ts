import { describe, expect, it } from 'vitest';
import { codeLinesHtml, remarkLines } from '../../src/components/html/code.ts';

describe('highlighted code lines (issue 30, output size)', () => {
  it('gives a line of one highlighted token its class on the line span, one span a line', () => {
    const lines = [[{ text: '+added <b>', cls: 'hl-inserted' }], [{ text: ' context', cls: '' }], [{ text: 'x', cls: 'hl-a' }, { text: ' = 1', cls: '' }], [{ text: '// note', cls: 'hl-comment hl-i' }]];
    expect(codeLinesHtml(lines, 1, [], false).value).toBe(
      '<span class="line hl-inserted">+added &lt;b&gt;\n</span><span class="line"> context\n</span><span class="line"><span class="hl-a">x</span> = 1\n</span><span class="line hl-comment hl-i">// note\n</span>',
    );
    expect(codeLinesHtml(lines, 7, [{ from: 7, to: 7 }], true).value).toContain('<span class="line marked hl-inserted" id="L7" data-n="7">+added &lt;b&gt;\n</span>');
  });

  it('marks lines again keeping a line span\'s token class (the merge of a sharded build)', () => {
    const lines = [[{ text: 'a', cls: 'hl-deleted' }], [{ text: 'b', cls: 'hl-comment hl-i' }], [{ text: 'c', cls: '' }]];
    const none = codeLinesHtml(lines, 1, [], true).value;
    const all = codeLinesHtml(lines, 1, [{ from: 1, to: 3 }], true).value;
    expect(remarkLines(none, [{ from: 1, to: 3 }])).toBe(all);
    expect(remarkLines(all, [])).toBe(none);
  });
});
