/** The stylesheet for highlighted code (class per theme colour; no inline styles). */
import { highlightCss } from '../lib/highlight/highlight.ts';

export function GET(): Response {
  return new Response(highlightCss(), { headers: { 'content-type': 'text/css; charset=utf-8' } });
}
