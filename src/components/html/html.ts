/**
 * A tiny escaping HTML builder for the parts of pages repeated thousands of times (decision
 * rows, code lines), where Astro's per-component cost dominates a large archive's build
 * (docs/performance.md). `html\`...\`` escapes every interpolated value unless it is already
 * {@link SafeHtml}; arrays are joined. Nothing untrusted can become markup through it.
 */
import { escapeHtml } from '../../lib/text/escape.ts';

/** Markup built by {@link html}; its text is safe to insert with `set:html`. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** Builds markup; interpolations are escaped (text and quoted attribute values alike). */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) out += render(values[i] as Part) + (strings[i + 1] as string);
  return new SafeHtml(out);
}

/** Joins markup pieces. */
export function join(parts: readonly SafeHtml[], separator = ''): SafeHtml {
  return new SafeHtml(parts.map((p) => p.value).join(separator));
}

/** What an unquoted attribute value may not hold (HTML: whitespace, `"`, `'`, `=`, `<`, `>`, `` ` ``), once escaped. */
const NEEDS_QUOTES = /[\s"'=<>`]|^$/;

/**
 * An attribute value, escaped, unquoted where HTML allows it (`id=row-2aafcc90`,
 * `href=/r/x/file/a.ts/#L24`) and quoted otherwise (an empty value, one holding a space or an
 * `=`): two bytes an attribute on the markup repeated on every row (issue 30, output size).
 * Write it right after the `=`: html`<li data-status=${attr(status)}>`.
 */
export function attr(value: string): SafeHtml {
  const escaped = escapeHtml(value);
  return new SafeHtml(NEEDS_QUOTES.test(escaped) ? `"${escaped}"` : escaped);
}
