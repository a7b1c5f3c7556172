/**
 * A link checker over a built archive folder, for sub-path hosting: every href, src and
 * action of every HTML page, every href of the XML files, every url() of the stylesheets and
 * every archive URL in the JSON exports must lead to a file that exists (a folder URL to its
 * index.html), every #fragment to an id on the target page, and nothing may leave the base
 * path. Links to other sites must be http(s); they are counted, not fetched. `data:` URLs
 * (an empty favicon) stay inside the page and pass.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

/** One broken link. */
export interface LinkProblem {
  /** The file the link is in, relative to the site folder. */
  file: string;
  link: string;
  problem: string;
}

/** What the checker saw. */
export interface LinkReport {
  files: number;
  /** Links checked inside the archive. */
  internal: number;
  /** Links to other sites (http(s)). */
  external: number;
  problems: LinkProblem[];
}

const ORIGIN = 'http://archive.invalid';

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else out.push(path);
  }
  return out;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    return String.fromCodePoint(lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10));
  });
}

function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) jsonStrings(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) jsonStrings(v, out);
  return out;
}

/**
 * An attribute's value as HTML writes it: double-quoted, single-quoted, or unquoted (no
 * whitespace, quotes, `=`, `<`, `>` or backtick: the row cards write `id=row-3f2a9c10` and
 * `href=/r/…` bare, issue 30). Groups 1–3 are the three forms.
 */
const VALUE = `(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`;
/** `href`, `src` or `action` of a tag. */
const LINK_ATTRIBUTE = new RegExp(`<[a-z][^>]*?\\s(?:href|src|action)=${VALUE}`, 'gi');
/** `id` or `name` of an element: a fragment's target. */
const ID_ATTRIBUTE = new RegExp(`\\s(?:id|name)=${VALUE}`, 'g');
const attributeValue = (m: RegExpMatchArray): string => (m[1] ?? m[2] ?? m[3]) as string;

/** Checks every link of the archive in `siteDir`, built for `base` (and published at `siteUrl`, if given). */
export async function checkLinks(siteDir: string, base: string, siteUrl?: string): Promise<LinkReport> {
  const files = await listFiles(siteDir);
  const report: LinkReport = { files: files.length, internal: 0, external: 0, problems: [] };
  const ids = new Map<string, Promise<Set<string>>>();
  const idsOf = (path: string): Promise<Set<string>> => {
    let pending = ids.get(path);
    if (!pending) {
      pending = readFile(path, 'utf8').then((html) => new Set([...html.matchAll(ID_ATTRIBUTE)].map((m) => decodeEntities(attributeValue(m)))));
      ids.set(path, pending);
    }
    return pending;
  };
  const site = siteUrl ? new URL(siteUrl) : null;

  const check = async (file: string, pageUrl: string, raw: string): Promise<void> => {
    const rel = relative(siteDir, file).split(sep).join('/');
    const problem = (text: string): void => void report.problems.push({ file: rel, link: raw, problem: text });
    const link = raw.trim();
    if (link === '') return problem('empty link');
    let url: URL;
    try {
      url = new URL(link, ORIGIN + pageUrl);
    } catch {
      return problem('not a URL');
    }
    if (site && url.href.startsWith(site.href)) url = new URL(url.href.slice(site.href.length), ORIGIN + base);
    else if (site && url.origin === site.origin) return problem(`leaves the base ${site.href}`);
    if (url.protocol === 'data:') return;
    if (url.origin !== ORIGIN) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return problem(`a ${url.protocol} link`);
      report.external++;
      return;
    }
    report.internal++;
    if (!url.pathname.startsWith(base)) return problem(`leaves the base ${base}`);
    let path = join(siteDir, decodeURIComponent(url.pathname.slice(base.length)));
    if (url.pathname.endsWith('/')) path = join(path, 'index.html');
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) {
      const asFolder = await stat(join(path, 'index.html')).catch(() => null);
      return problem(asFolder ? 'a folder without the trailing /' : `no such file ${relative(siteDir, path)}`);
    }
    if (url.hash.length > 1) {
      if (extname(path) !== '.html') return problem('a #fragment on a file that is not a page');
      const id = decodeURIComponent(url.hash.slice(1));
      if (!(await idsOf(path)).has(id)) problem(`no element with id ${JSON.stringify(id)} on ${relative(siteDir, path)}`);
    }
  };

  for (const file of files) {
    const rel = relative(siteDir, file).split(sep).join('/');
    const pageUrl = `${base}${rel.replace(/(^|\/)index\.html$/, '$1')}`;
    const ext = extname(file);
    if (ext === '.html') {
      const html = await readFile(file, 'utf8');
      for (const m of html.matchAll(LINK_ATTRIBUTE)) await check(file, pageUrl, decodeEntities(attributeValue(m)));
    } else if (ext === '.xml') {
      const xml = await readFile(file, 'utf8');
      for (const m of xml.matchAll(/\shref="([^"]*)"/g)) await check(file, pageUrl, decodeEntities(m[1] as string));
    } else if (ext === '.css') {
      const css = await readFile(file, 'utf8');
      for (const m of css.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)) if (!(m[1] as string).startsWith('data:')) await check(file, pageUrl, m[1] as string);
    } else if (ext === '.json') {
      let value: unknown;
      try {
        value = JSON.parse(await readFile(file, 'utf8'));
      } catch {
        report.problems.push({ file: rel, link: '', problem: 'not valid JSON' });
        continue;
      }
      for (const s of jsonStrings(value)) {
        if ((site && s.startsWith(site.origin)) || (/^\/\S*$/.test(s) && s.startsWith(base) && s !== base.slice(0, -1))) await check(file, pageUrl, s);
      }
    }
  }
  return report;
}
