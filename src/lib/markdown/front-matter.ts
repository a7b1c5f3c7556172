/**
 * YAML front matter at the top of a markdown file (spec/input.md section 5: selection.md has
 * "optional front matter"). Only splits; parsing the YAML is the caller's job.
 */

/** The front matter block of a file. Line numbers are 1-based, in the file. */
export interface FrontMatterBlock {
  /** The YAML text between the fences (without them). */
  yaml: string;
  /** Line of the opening `---` (always 1). */
  line: number;
  /** Line of the closing `---` or `...`. */
  endLine: number;
}

/** A markdown file split into its optional front matter and its body. */
export interface SplitMarkdown {
  frontMatter: FrontMatterBlock | null;
  /** The body's lines (without line breaks). */
  lines: string[];
  /** 1-based file line of `lines[0]`. */
  firstLine: number;
}

/**
 * Splits `text` into front matter and body. Front matter is recognised only when the first
 * line is `---` and a later line is `---` or `...`; otherwise the whole text is body (an
 * unclosed `---` is a markdown thematic break). CRLF is accepted. Never throws.
 */
export function splitFrontMatter(text: string): SplitMarkdown {
  const all = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (all.length > 0 && all[all.length - 1] === '') all.pop();
  if ((all[0] ?? '').trimEnd() === '---') {
    for (let i = 1; i < all.length; i++) {
      const l = (all[i] as string).trimEnd();
      if (l === '---' || l === '...') {
        return { frontMatter: { yaml: all.slice(1, i).join('\n'), line: 1, endLine: i + 1 }, lines: all.slice(i + 1), firstLine: i + 2 };
      }
    }
  }
  return { frontMatter: null, lines: all, firstLine: 1 };
}
