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
 * Moves every heading down by `offset` levels (an `h1` becomes `h(1 + offset)`, at most `h6`),
 * so a document embedded under a recap heading never opens a second page title.
 */
function shiftHeadings(offset: number) {
  return (tree: HastNode): void => {
    if (offset <= 0) return;
    walk(tree, (node) => {
      const m = node.type === 'element' ? /^h([1-6])$/.exec(node.tagName ?? '') : null;
      if (m) node.tagName = `h${Math.min(6, Number(m[1]) + offset)}`;
    });
  };
}

/** The sanitize schema: GitHub's defaults, minus images, with http(s) as the only link schemes. */
const SCHEMA = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((t) => t !== 'img' && t !== 'picture' && t !== 'source'),
  protocols: { ...defaultSchema.protocols, href: ['http', 'https'], cite: ['http', 'https'], src: [], longDesc: [] },
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
 * input text (an empty or whitespace-only text gives `''`).
 *
 * @param markdown - Markdown as read from a record file (GFM: tables, task lists, autolinks).
 * @param options.headingOffset - Levels to move headings down (0–5; default 0), for text shown
 *   under a recap heading.
 * @returns HTML safe to insert with `set:html`: no raw HTML, script, style, image or
 *   non-http(s) link.
 */
export function renderMarkdown(markdown: string, options: { headingOffset?: number } = {}): string {
  if (markdown.trim() === '') return '';
  const offset = Math.max(0, Math.min(5, Math.trunc(options.headingOffset ?? 0)));
  let processor = processors.get(offset);
  if (!processor) {
    processor = makeProcessor(offset);
    processors.set(offset, processor);
  }
  return String(processor.processSync(markdown)).trim();
}
