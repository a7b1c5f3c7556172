/**
 * The untrusted-markdown pipeline and the markdown readers (src/lib/markdown/): sanitising
 * (issue 3, scope 4: no raw HTML, no script, links only http(s) or site-relative), front
 * matter, sections, tables and lists with file lines.
 */
import { describe, expect, it } from 'vitest';
import { isAllowedHref, markdownHazard, MARKDOWN_LIMITS, renderMarkdown } from '../../src/lib/markdown/render-markdown.ts';
import { splitFrontMatter } from '../../src/lib/markdown/front-matter.ts';
import { headings, outline, splitSections } from '../../src/lib/markdown/sections.ts';
import { findTables, plainCell, tableCells } from '../../src/lib/markdown/tables.ts';
import { listItemsOrParagraphs } from '../../src/lib/markdown/lists.ts';

describe('renderMarkdown', () => {
  it('drops raw HTML, scripts and event handlers, keeping text', () => {
    expect(renderMarkdown('# Hi <script>alert(1)</script>')).toBe('<h1>Hi alert(1)</h1>');
    expect(renderMarkdown('<img src=x onerror=alert(1)>')).toBe('');
    expect(renderMarkdown('<a href="javascript:alert(1)">raw</a>')).toBe('<p>raw</p>');
    expect(renderMarkdown('<div style="position:fixed">x</div>\n\ntext')).toBe('<p>text</p>');
    expect(renderMarkdown('<iframe src="https://evil.example"></iframe>')).toBe('');
  });

  it('keeps http(s) and site-relative links, strips every other href', () => {
    const html = renderMarkdown('[a](https://ok.example/x) [b](http://ok.example) [c](/p/x/) [d](#row-1) [e](docs/a.md) [f](javascript:alert(1)) [g](JaVaScRiPt:alert(1)) [h](//evil.example) [i](data:text/html,x) [j](mailto:a@b.example) [k](vbscript:x)');
    expect(html).toBe(
      '<p><a href="https://ok.example/x">a</a> <a href="http://ok.example">b</a> <a href="/p/x/">c</a> <a href="#row-1">d</a> <a href="docs/a.md">e</a> <a>f</a> <a>g</a> <a>h</a> <a>i</a> <a>j</a> <a>k</a></p>',
    );
  });

  it('never fetches images: an image becomes its alt text', () => {
    expect(renderMarkdown('![a chart](https://track.example/p.png)')).toBe('<p>[image: a chart]</p>');
    expect(renderMarkdown('![](https://track.example/p.png)')).toBe('<p>[image]</p>');
  });

  it('renders GFM tables, task lists and autolinks', () => {
    expect(renderMarkdown('| a |\n|---|\n| 1 |')).toBe('<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>');
    expect(renderMarkdown('- [x] done')).toBe('<ul class="contains-task-list">\n<li class="task-list-item"><input type="checkbox" checked disabled> done</li>\n</ul>');
    expect(renderMarkdown('see https://x.example')).toBe('<p>see <a href="https://x.example">https://x.example</a></p>');
  });

  it('moves headings down for text embedded under a recap heading, never past h6', () => {
    expect(renderMarkdown('# A\n\n## B\n\n###### C', { headingOffset: 2 })).toBe('<h3>A</h3>\n<h4>B</h4>\n<h5>C</h5>');
    expect(renderMarkdown('# A', { headingOffset: 9 })).toBe('<h6>A</h6>');
  });

  // use15: a beads description written with `## Why` under the issue page's Description (h2)
  // became h4, a level skipped (axe heading-order); the levels a text uses are closed up from
  // the one under its section, in their order.
  it('closes up the levels a text uses, from the one under its section, skipping none', () => {
    expect(renderMarkdown('## Why\n\ntext\n\n## What', { headingOffset: 2 })).toBe('<h3>Why</h3>\n<p>text</p>\n<h3>What</h3>');
    expect(renderMarkdown('## A\n\n#### B\n\n## C', { headingOffset: 2 })).toBe('<h3>A</h3>\n<h4>B</h4>\n<h3>C</h3>');
    expect(renderMarkdown('# A', { headingOffset: 9 })).toBe('<h6>A</h6>');
    expect(renderMarkdown('# A', { headingOffset: -1 })).toBe('<h1>A</h1>');
  });

  it('gives an empty string for blank input', () => {
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown('  \n\n ')).toBe('');
  });

  it('isAllowedHref: the scheme rule', () => {
    expect(['https://a', 'HTTP://a', '/x', 'x/y', '#a', '?q=1', 'a.md'].map(isAllowedHref)).toEqual([true, true, true, true, true, true, true]);
    expect(['//a', '\\\\a', '/\\a', 'javascript:x', 'data:x', 'mailto:x', 'file:///x', 'java\tscript:x', ' ', 'a:b/c'].map(isAllowedHref)).toEqual([false, false, false, false, false, false, false, false, false, false]);
  });
});

describe('splitFrontMatter', () => {
  it('splits a closed block and numbers the body from the line after it', () => {
    expect(splitFrontMatter('---\npick: B\n---\n# T\n')).toEqual({ frontMatter: { yaml: 'pick: B', line: 1, endLine: 3 }, lines: ['# T'], firstLine: 4 });
    expect(splitFrontMatter('---\r\na: 1\r\n...\r\nx')).toEqual({ frontMatter: { yaml: 'a: 1', line: 1, endLine: 3 }, lines: ['x'], firstLine: 4 });
  });

  it('reads an unclosed `---` as body', () => {
    expect(splitFrontMatter('---\nno end\n')).toEqual({ frontMatter: null, lines: ['---', 'no end'], firstLine: 1 });
  });
});

describe('sections, tables, lists', () => {
  const doc = ['# Title', 'intro', '## Shape', 'one', '```', '## not a heading', '```', '### Sub', 'x', '## Next #', 'y'];

  it('finds headings outside fences, with levels and titles', () => {
    expect(headings(doc)).toEqual([
      { index: 0, level: 1, title: 'Title' },
      { index: 2, level: 2, title: 'Shape' },
      { index: 7, level: 3, title: 'Sub' },
      { index: 9, level: 2, title: 'Next' },
    ]);
  });

  it('sections end at the next heading of the same or higher level', () => {
    const s = splitSections(doc, 10);
    expect(s.map((x) => [x.title, x.line, x.bodyLine, x.endLine])).toEqual([
      ['Title', 10, 11, 20],
      ['Shape', 12, 13, 18],
      ['Sub', 17, 18, 18],
      ['Next', 19, 20, 20],
    ]);
    expect(outline(doc, 10).sections.map((x) => x.title)).toEqual(['Shape', 'Next']);
    expect(outline(doc, 10).intro).toEqual(['# Title', 'intro']);
  });

  it('reads pipe tables with lines, escaped pipes and code spans', () => {
    expect(tableCells('| a \\| b | `c|d` | e |')).toEqual(['a | b', '`c|d`', 'e']);
    expect(plainCell('**Size cap** ')).toBe('Size cap');
    const t = findTables(['text', '| c | A |', '|---|:-:|', '| x | 4 (§ S) |', '', '| not | a table |'], 5);
    expect(t).toEqual([{ line: 6, endLine: 8, header: ['c', 'A'], rows: [{ line: 8, cells: ['x', '4 (§ S)'] }] }]);
  });

  it('reads list items (with continuations), else paragraphs', () => {
    expect(listItemsOrParagraphs(['- From A: x', '  more', '* B', 'after'], 3)).toEqual([
      { text: 'From A: x more', line: 3 },
      { text: 'B', line: 5 },
    ]);
    expect(listItemsOrParagraphs(['one', 'two', '', 'three'], 1)).toEqual([
      { text: 'one two', line: 1 },
      { text: 'three', line: 4 },
    ]);
  });
});

describe('markdown that would crash or stall the parser is shown as plain text', () => {
  it('deep nesting: a line opening with 3,000 `>` (a stack overflow in the parser)', () => {
    expect(renderMarkdown(`STATUS: ok\n${'>'.repeat(3000)} x <b>`)).toBe(
      `<p class="markdown-plain-note">Shown as plain text: a line opens with more than 200 characters of nesting (quote, list or indentation markers).</p>\n<pre class="raw">STATUS: ok\n${'&gt;'.repeat(3000)} x &lt;b&gt;</pre>`,
    );
  });

  it('quadratic runs: emphasis markers and unclosed link openings in one paragraph', () => {
    expect(markdownHazard('*_'.repeat(40000))).toBe('a paragraph holds more than 1000 emphasis markers (* _ ~)');
    expect(markdownHazard('[a]('.repeat(1001))).toBe('a paragraph holds more than 1000 link openings');
    expect(markdownHazard('x'.repeat(MARKDOWN_LIMITS.chars + 1))).toBe(`it is longer than ${MARKDOWN_LIMITS.chars} characters`);
    // The count restarts at each blank line: many ordinary paragraphs are fine.
    expect(markdownHazard(Array.from({ length: 500 }, () => '*a* _b_ [c](https://x.org)').join('\n\n'))).toBeNull();
    expect(renderMarkdown('*_'.repeat(40000)).startsWith('<p class="markdown-plain-note">Shown as plain text: a paragraph holds more than 1000 emphasis markers (* _ ~).</p>')).toBe(true);
  });
});

describe('footnotes', () => {
  it('each footnote link leads to an id on the page (they were prefixed twice)', () => {
    const out = renderMarkdown('Text[^1].\n\n[^1]: The note.');
    const hrefs = [...out.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    const ids = new Set([...out.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
    expect(hrefs).toEqual(['user-content-fn-1', 'user-content-fnref-1']);
    expect(hrefs.every((h) => ids.has(h))).toBe(true);
  });
});
