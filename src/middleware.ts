/**
 * Every page Astro renders passes here once: a C0 control character or DEL that record text
 * carried into it (a binary line's raw text, a `"\u0000"` or `"\u001b"` in a record, a commit
 * message) is written as its Unicode control picture (src/lib/text/escape.ts `controlPictures`).
 * In HTML such a character is a parse error (browsers drop or replace a NUL), so the text would
 * not be shown as it was recorded. Pages without one are passed through unchanged.
 */
import { defineMiddleware } from 'astro:middleware';
import { controlPictures, HTML_CONTROL_TEST } from './lib/text/escape.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const page = await response.text();
  return new Response(HTML_CONTROL_TEST.test(page) ? controlPictures(page) : page, { status: response.status, statusText: response.statusText, headers: response.headers });
});
