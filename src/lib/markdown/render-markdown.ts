/**
 * The one pipeline for untrusted markdown (spec/input.md section 5: "render the rest as
 * sanitised markdown"; issue 3, scope 4). Text from design documents and verdict files is
 * written by agents and read by people, so it is treated as hostile:
 *
 * remark-parse → remark-gfm → remark-rehype (raw HTML dropped, never passed through) →
 * {@link restrictUrls} and {@link imagesToText} → rehype-sanitize (always the last step before
 * stringify) → rehype-stringify.
 *
 * The result has no raw HTML, no script, no event handler, no inline style, no image fetch,
 * and links only to http(s) URLs or site-relative targets (`/x`, `x/y`, `#a`); any other link
 * keeps its text and loses its href. This output is the only HTML a page may insert with
 * `set:html` (src/components/Markdown.astro).
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { escapeHtml } from '../text/escape.ts';

/**
 * Limits past which a document is shown as escaped plain text instead of being parsed
 * (docs/security.md, "Nothing executes, nothing stalls"): the markdown parser recurses once per
 * nesting level (a few thousand `>` overflow the stack) and takes time quadratic in a run of
 * emphasis markers (80 KB of `*_` took minutes).
 */
export const MARKDOWN_LIMITS = {
  /**
   * Characters of a document. The parser's syntax tree costs about 2.5 KB of memory per input
   * byte on tables (a 1 MB table took 18 s and 2.3 GB; 200 KB, 2 s and 500 MB), so past
   * 128 KiB a document is shown as plain text: no design note or handover is that long.
   */
  chars: 128 * 1024,
  /** Characters of container markers (`>`, list bullets, indentation) opening one line. */
  linePrefix: 200,
  /** Emphasis and strikethrough markers (`*`, `_`, `~`) in one paragraph (text between blank lines). */
  emphasisPerBlock: 1000,
  /** Link openings (`](`) in one paragraph: unclosed ones are re-scanned, quadratic like emphasis. */
  linksPerBlock: 1000,
} as const;

/**
 * Why a document is not parsed as markdown, or null when it may be. `documentChars`: the
 * length of the whole document when `markdown` is one part of it (a section of selection.md):
 * the length limit is the document's, so a document cut into 400,000 short sections is not
 * parsed 400,000 times.
 */
export function markdownHazard(markdown: string, documentChars = markdown.length): string | null {
  if (markdown.length > MARKDOWN_LIMITS.chars) return `it is longer than ${MARKDOWN_LIMITS.chars} characters`;
  if (documentChars > MARKDOWN_LIMITS.chars) return `the document it is part of is longer than ${MARKDOWN_LIMITS.chars} characters`;
  let block = 0;
  let links = 0;
  for (const line of markdown.split('\n')) {
    const prefix = /^[\s>*+\-\d.)]*/.exec(line)?.[0].length ?? 0;
    if (prefix > MARKDOWN_LIMITS.linePrefix) return `a line opens with more than ${MARKDOWN_LIMITS.linePrefix} characters of nesting (quote, list or indentation markers)`;
    if (line.trim() === '') {
      block = 0;
      links = 0;
    } else {
      for (let at = line.indexOf(']('); at !== -1; at = line.indexOf('](', at + 2)) links++;
      if (links > MARKDOWN_LIMITS.linksPerBlock) return `a paragraph holds more than ${MARKDOWN_LIMITS.linksPerBlock} link openings`;
      for (let i = 0; i < line.length; i++) {
        const c = line.charCodeAt(i);
        if (c === 42 || c === 95 || c === 126) block++; // * _ ~
      }
      if (block > MARKDOWN_LIMITS.emphasisPerBlock) return `a paragraph holds more than ${MARKDOWN_LIMITS.emphasisPerBlock} emphasis markers (* _ ~)`;
    }
  }
  return null;
}

/** A document shown as escaped plain text, saying why. */
function plainText(markdown: string, why: string): string {
  const shown = markdown.length > MARKDOWN_LIMITS.chars ? `${markdown.slice(0, MARKDOWN_LIMITS.chars)}…` : markdown;
  return `<p class="markdown-plain-note">Shown as plain text: ${escapeHtml(why)}.</p>\n<pre class="raw">${escapeHtml(shown)}</pre>`;
}

/** The small part of a hast node this module touches. */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/**
 * Whether a link target may stay a link: an http(s) URL, or a site-relative target (a path
 * or a `#fragment`) with no scheme. Protocol-relative `//host` URLs and every other scheme
 * (`javascript:`, `data:`, `mailto:`, `file:`) are refused. Control characters and
 * whitespace inside the scheme part are refused too (browsers strip them before parsing).
 */
export function isAllowedHref(href: string): boolean {
  const h = href.trim();
  if (h === '' || /[\u0000-\u001f\u007f]/.test(h)) return false;
  // Browsers read `\` as `/` in http(s) URLs, so `\/host`, `/\host` and `\\host` are all `//host`.
  if (/^[\\/]{2}/.test(h)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(h);
  if (scheme) return /^https?$/i.test(scheme[1] as string);
  // No scheme: a path or a fragment. A colon before the first `/`, `?` or `#` would be a scheme.
  const head = h.split(/[/?#]/, 1)[0] ?? '';
  return !head.includes(':');
}

function walk(node: HastNode, visit: (node: HastNode, parent: HastNode | null, index: number) => void, parent: HastNode | null = null, index = 0): void {
  visit(node, parent, index);
  node.children?.forEach((child, i) => walk(child, visit, node, i));
}

/** Removes every `href` that {@link isAllowedHref} refuses (the link text stays). */
function restrictUrls() {
  return (tree: HastNode): void => {
    walk(tree, (node) => {
      if (node.type !== 'element' || !node.properties) return;
      for (const name of ['href', 'src', 'cite', 'longDesc', 'action', 'formAction']) {
        const value = node.properties[name];
        if (value !== undefined && (typeof value !== 'string' || !isAllowedHref(value))) delete node.properties[name];
      }
    });
  };
}

/** Replaces each image by its alt text in brackets: the archive never fetches anything. */
function imagesToText() {
  return (tree: HastNode): void => {
    walk(tree, (node) => {
      if (node.type === 'element' && node.children) {
        node.children = node.children.map((child) => {
          if (child.type !== 'element' || child.tagName !== 'img') return child;
          const alt = typeof child.properties?.['alt'] === 'string' ? (child.properties['alt'] as string) : '';
          return { type: 'text', value: `[image${alt ? `: ${alt}` : ''}]` };
        });
      }
    });
  };
}

/**
 * Moves headings down to sit under the section a document is shown in: the levels the document
 * uses, in their order, become `h(1 + offset)`, `h(2 + offset)`, … (at most `h6`), so it never
 * opens a second page title and skips no level (a beads description of `## Why` sections under
 * a page's `h2` gives `h3`s: use15, they were `h4`s, axe `heading-order`). `# A`, `## B`,
 * `###### C` under `offset` 2 give `h3`, `h4`, `h5`. An offset of 0 leaves headings as written.
 */
function shiftHeadings(offset: number) {
  return (tree: HastNode): void => {
    if (offset <= 0) return;
    const headings: Array<{ node: HastNode; level: number }> = [];
    walk(tree, (node) => {
      const m = node.type === 'element' ? /^h([1-6])$/.exec(node.tagName ?? '') : null;
      if (m) headings.push({ node, level: Number(m[1]) });
    });
    const levels = [...new Set(headings.map((h) => h.level))].sort((a, b) => a - b);
    for (const h of headings) h.node.tagName = `h${Math.min(6, levels.indexOf(h.level) + 1 + offset)}`;
  };
}

/** The sanitize schema: GitHub's defaults, minus images, with http(s) as the only link schemes. */
const SCHEMA = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((t) => t !== 'img' && t !== 'picture' && t !== 'source'),
  protocols: { ...defaultSchema.protocols, href: ['http', 'https'], cite: ['http', 'https'], src: [], longDesc: [] },
  // With raw HTML dropped, the only ids are GFM footnotes', which remark-rehype already prefixes
  // with `user-content-` (and links to with that prefix); prefixing them again broke the links.
  clobberPrefix: '',
};

const processors = new Map<number, ReturnType<typeof makeProcessor>>();

function makeProcessor(headingOffset: number) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { allowDangerousHtml: false })
    .use(restrictUrls)
    .use(imagesToText)
    .use(shiftHeadings, headingOffset)
    .use(rehypeSanitize, SCHEMA) // must stay the last transform (issue 3, scope 4)
    .use(rehypeStringify)
    .freeze();
}

/**
 * Renders untrusted markdown to sanitised HTML. Pure and synchronous; never throws for any
 * input text (an empty or whitespace-only text gives `''`; a text past {@link MARKDOWN_LIMITS},
 * or one the parser fails on, is shown as escaped plain text with the reason).
 *
 * @param markdown - Markdown as read from a record file (GFM: tables, task lists, autolinks).
 * @param options.headingOffset - Levels to move headings down (0–5; default 0), for text shown
 *   under a recap heading: the levels the text uses become the levels below `h(offset)`, none
 *   skipped (see {@link shiftHeadings}).
 * @param options.documentChars - Length of the whole document when `markdown` is one part of it
 *   (see {@link markdownHazard}).
 * @returns HTML safe to insert with `set:html`: no raw HTML, script, style, image or
 *   non-http(s) link.
 */
export function renderMarkdown(markdown: string, options: { headingOffset?: number; documentChars?: number } = {}): string {
  if (markdown.trim() === '') return '';
  const offset = Math.max(0, Math.min(5, Math.trunc(options.headingOffset ?? 0)));
  let processor = processors.get(offset);
  if (!processor) {
    processor = makeProcessor(offset);
    processors.set(offset, processor);
  }
  const hazard = markdownHazard(markdown, options.documentChars);
  if (hazard !== null) return plainText(markdown, hazard);
  try {
    return String(processor.processSync(markdown)).trim();
  } catch (error) {
    // A stack overflow or another parser failure on hostile text must not stop the archive.
    return plainText(markdown, `the markdown parser failed on it (${error instanceof RangeError ? 'nesting too deep' : (error as Error).name})`);
  }
}
