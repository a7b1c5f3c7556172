/** The theme boot script, loaded blocking from every page's <head> (src/lib/site/theme.ts). */
import { THEME_BOOT_SCRIPT } from '../lib/site/theme.ts';

export function GET(): Response {
  return new Response(THEME_BOOT_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
}
