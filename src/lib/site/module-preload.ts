/**
 * `<link rel="modulepreload">` for the chunks a page's entry script imports (issue 30, search's
 * first result). A bundled entry script names its shared chunks only in its own first line
 * (`import{…}from"./url-state.<hash>.js"`), so the browser asks for them after it has read the
 * entry: one round trip more before anything runs (the search page's 20–30 ms on the
 * real-shaped archive). Listed in the page's head, they are fetched beside the entry.
 */

/**
 * The chunks a bundled module imports statically (`import{a as b}from"./x.js"`,
 * `import * as c from"./x.js"`, `import"./x.js"`), relative specifiers as written, in order,
 * each once. Dynamic imports (`import("./x.js")`) are left out: they load on demand.
 */
export function staticImports(js: string): string[] {
  const out: string[] = [];
  // Minified output puts its imports first, each statement starting the text or following `;`
  // or a line break. Read statement by statement (no backtracking pattern: regex-linearity.test.ts).
  let at = 0;
  while (at < js.length) {
    while (at < js.length && /\s/.test(js[at] as string)) at++;
    if (!js.startsWith('import', at)) break;
    const quote = js.slice(at + 6).search(/["'(]/);
    if (quote < 0) break;
    const open = at + 6 + quote;
    if (js[open] === '(') break; // import(…): dynamic, where the imports end
    const head = js.slice(at + 6, open);
    const close = js.indexOf(js[open] as string, open + 1);
    if (close < 0) break;
    const spec = js.slice(open + 1, close);
    // `import"./x.js"` or `import{…}from"./x.js"` / `import * as c from "./x.js"`.
    if ((head.trim() === '' || /from\s*$/.test(head)) && /^\.{1,2}\/[^\s]+\.js$/.test(spec) && !out.includes(spec)) out.push(spec);
    at = close + 1;
    while (at < js.length && (js[at] === ';' || js[at] === '\n' || js[at] === ' ')) at++;
  }
  return out;
}

/**
 * `html` with one `<link rel="modulepreload" href="…">` per href, put just before the page's
 * first `<script type="module"`; hrefs the page already preloads are not added again (a page
 * carried over from the previous build). Returns `html` unchanged when it has no module script.
 */
export function withModulePreloads(html: string, hrefs: readonly string[]): string {
  const at = html.indexOf('<script type="module"');
  if (at < 0) return html;
  const links = hrefs
    .filter((href) => !html.includes(`<link rel="modulepreload" href="${href}">`))
    .map((href) => `<link rel="modulepreload" href="${href}">`)
    .join('');
  return links === '' ? html : html.slice(0, at) + links + html.slice(at);
}

/** The `src` of each `<script type="module" src="…">` of a page, in order. */
export function moduleScripts(html: string): string[] {
  return Array.from(html.matchAll(/<script type="module" src="([^"]+)"/g), (m) => m[1] as string);
}
