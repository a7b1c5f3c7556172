/**
 * The parts of an evidence page (spec/archive.md, Evidence pages) that depend on who cites
 * it: the Cited by list, and on a file page the cited lines (the facts line, the marks in the
 * code and, in a long file, which lines are shown). Built here rather than in components so
 * that the merge of a sharded build (src/lib/shard/merge-evidence.ts) writes, for a commit or
 * file cited by projects of several shards, exactly the markup a single build renders. Each
 * part starts with the text given by {@link EVIDENCE_PARTS} and ends at the first end text after
 * it; no part holds another part's end, and every text inside is escaped (so no record can
 * write a start or an end).
 */
import type { NotLandedIn, ProjectCitation } from '../../lib/archive/evidence-entries.ts';
import type { FileExcerpt } from '../../lib/git/file-excerpt.ts';
import type { Token } from '../../lib/highlight/highlight.ts';
import { fileKey, urls } from '../../lib/site/urls.ts';
import { shortDigest } from '../../lib/text/hash.ts';
import { clippedDecision, countOf } from '../../lib/site/words.ts';
import { codeBlockHtml } from './code.ts';
import { SEVERITY_ICON, statusHtml } from './status.ts';
import { html, type SafeHtml } from './html.ts';
import type { BoundForge } from '../../lib/config/forge-links.ts';

/** Start tag and element name of each part, for the merge to find it in a rendered page. */
export const EVIDENCE_PARTS = {
  citedBy: { start: '<section aria-labelledby="cited-by">', end: '</section>' },
  fileContent: { start: '<section aria-label="File content">', end: '</section>' },
  /** A commit's parents (each linked when it has a page), between two comments. */
  parents: { start: '<!--trailbook:parents-->', end: '<!--/trailbook:parents-->' },
  /** On a commit page, the projects whose landed history lacks it, between two comments (empty when none). */
  notLanded: { start: '<!--trailbook:not-landed-->', end: '<!--/trailbook:not-landed-->' },
  /** The whole body of a repository file page, between two comments (no element to change the page's structure). */
  repositoryFile: { start: '<!--trailbook:file-->', end: '<!--/trailbook:file-->' },
} as const;

/**
 * "Every trail row that cites it": up to the listed citations, and how many more there are.
 * Each entry is bare (`</li>` is optional in HTML; <small> is the muted "— project, row id"); a
 * row whose citation of the file did not resolve says so, with the pointer and its reason. A row
 * on a row page is linked there (`/p/<id>/rows/3/#row-…`: {@link ProjectCitation} `page`), so the
 * link lands without scripts.
 *
 * @param searchFor - What the search finds every citing row by (a commit's SHA, a file's path):
 *   "Search for it" links there when rows are left out.
 */
export function citedByHtml(citedBy: readonly ProjectCitation[], more: number, base: string, searchFor = ''): SafeHtml {
  const search = searchFor === '' ? 'Search for it' : html`<a href="${urls.search(base, `?q=${encodeURIComponent(searchFor)}`)}">Search for it</a>`;
  return html`<section aria-labelledby="cited-by"><h2 id="cited-by">Cited by</h2><ul class="cited-by">${citedBy.map((c) => html`<li><a href="${urls.row(base, c.projectId, c.anchor, c.page)}">${clippedDecision(c.decision)}</a> <small>— ${c.projectTitle}, row <code>${c.rowId}</code></small>${c.unresolved !== undefined ? html` <small class="unresolved" data-testid="cited-unresolved">— not resolved: ${c.unresolved}</small>` : ''}`)}</ul>${more > 0 ? html`<p class="meta">… and ${String(more)} more rows cite it. ${search} to see them all.</p>` : ''}</section>`;
}

/**
 * A commit page's parents: each parent's SHA (12 digits), linked to its page when it is in
 * `pages` (it is cited too); "none (root commit)" when there is none.
 */
export function commitParentsHtml(repoId: string, parents: readonly string[], pages: ReadonlySet<string>, base: string): SafeHtml {
  const list = parents.length === 0 ? 'none (root commit)' : parents.map((p, i) => html`${i > 0 ? ' ' : ''}${pages.has(p) ? html`<a href="${urls.commit(base, repoId, p)}"><code>${p.slice(0, 12)}</code></a>` : html`<code>${p.slice(0, 12)}</code>`}`);
  return html`<!--trailbook:parents-->${list}<!--/trailbook:parents-->`;
}

/**
 * On a commit page: the projects whose landed head does not have the commit in its history
 * (`evidence/commit-not-landed`, a low notice; issue 15), each linked to its recap with its
 * landed head; nothing between the comments when every citing project has it. The commit is
 * evidence, but not of what landed: an abandoned branch, or an original rewritten away.
 */
export function notLandedHtml(projects: readonly NotLandedIn[], base: string): SafeHtml {
  const notice =
    projects.length === 0
      ? ''
      : html`<section class="not-landed" aria-labelledby="not-landed" data-testid="not-landed"><h2 id="not-landed">${statusHtml('low', 'low', SEVERITY_ICON.low)} Not in the landed history</h2><p>This commit exists, but it is not an ancestor of the landed head of ${projects.length === 1 ? 'the project' : 'the projects'} citing it: it is evidence, but not of what landed (an abandoned branch, or an original rewritten away by a squash merge or a rebase).</p><ul>${projects.map((p) => html`<li><a href="${urls.project(base, p.projectId)}">${p.projectTitle}</a>${p.head ? html` — landed head <code>${p.head.slice(0, 12)}</code>` : ''}</li>`)}</ul></section>`;
  return html`<!--trailbook:not-landed-->${notice}<!--/trailbook:not-landed-->`;
}

/** A file's size as its page states it, or null when it could not be read. */
export type FileFacts = { totalLines: number; bytes: number } | null;

/** The facts of an excerpt (its file's size), or null for a file that could not be read. */
export const excerptFacts = (excerpt: FileExcerpt | { problem: string }): FileFacts => ('totalLines' in excerpt ? { totalLines: excerpt.totalLines, bytes: excerpt.bytes } : null);

/**
 * Cited ranges a file page's facts line lists; the others are counted (every cited line is
 * marked in the code all the same). A file of a monorepo cited by every project had about 230
 * ranges, 7 KB of links in one line of every page (issue 30, output size). The marks in the code
 * show every cited line the page holds.
 */
export const MAX_CITED_RANGES_LISTED = 20;

/**
 * A file page's facts line: where the file is, its size and the cited lines (linked to their
 * anchors): the first {@link MAX_CITED_RANGES_LISTED} ranges, then how many more.
 */
export function fileFactsHtml(where: string, facts: FileFacts, ranges: ReadonlyArray<{ from: number; to: number }>): SafeHtml {
  const size = facts ? html` · ${countOf(facts.totalLines, 'line')} · ${countOf(facts.bytes, 'byte')}` : '';
  const listed = ranges.slice(0, MAX_CITED_RANGES_LISTED);
  const more = ranges.length - listed.length;
  const cited =
    ranges.length > 0
      ? html` · cited: ${listed.map((r, i) => html`${i > 0 ? ', ' : ''}<a href="#L${String(r.from)}">${r.from === r.to ? `line ${r.from}` : `lines ${r.from}–${r.to}`}</a>`)}${more > 0 ? ` and ${countOf(more, 'more range')}` : ''}`
      : '';
  return html`<p class="meta file-facts">${where}${size}${cited}</p>`;
}

/**
 * A file page's content: the excerpt's windows highlighted (`highlighted[i]` holds window i's
 * lines of tokens), cited lines marked; or why the file cannot be shown.
 */
export function fileContentHtml(path: string, excerpt: FileExcerpt | { problem: string }, highlighted: ReadonlyArray<readonly Token[][]>, ranges: ReadonlyArray<{ from: number; to: number }>): SafeHtml {
  if ('problem' in excerpt) return html`<section aria-label="File content"><p class="status status-unknown">The file could not be shown: ${excerpt.problem}</p></section>`;
  const blocks = excerpt.windows.map((w, i) => codeBlockHtml(highlighted[i] ?? [], w.start, ranges, true, `${path}, from line ${w.start}`));
  return html`<section aria-label="File content">${excerpt.note ? html`<p class="meta">${excerpt.note}</p>` : ''}${blocks}</section>`;
}

/**
 * Where a repository file page says the file is: at the landed head, or (`at`) at a commit the
 * rows citing it saw it at: the commit that recorded them (issue 26, item 1) or the one they
 * name (`<sha>:<path>`, `path in <sha>`). It says no more than that: the page does not know
 * whether the landed head holds another version (a row citing `9946590:src/a.ts` may cite a
 * file unchanged since; the fresh trial found "the landed head holds another version" there).
 */
export const repositoryFileWhere = (head: string | null, at?: string): string =>
  at === undefined ? `at landed head ${head?.slice(0, 12) ?? 'unknown'}` : `at commit ${at.slice(0, 12)}, as the rows citing it saw it (the landed head is ${head?.slice(0, 12) ?? 'unknown'})`;

/** A file page's links to its other versions (issue 26, item 1: a file shown at more than one commit), or nothing. */
function fileVersionsHtml(page: Pick<RepositoryFilePage, 'alsoAt' | 'base' | 'owner' | 'path'>): SafeHtml | '' {
  if (!page.alsoAt || page.alsoAt.length === 0) return '';
  const key = fileKey(page.path, shortDigest);
  const links = page.alsoAt.map((at, i) => html`${i > 0 ? ' · ' : ''}<a href="${urls.repositoryFile(page.base, page.owner, key, undefined, at ?? undefined)}">${at === null ? 'at the landed head' : html`at commit <code>${at.slice(0, 12)}</code>`}</a>`);
  return html`<p class="meta file-versions" data-testid="file-versions">Also shown: ${links}</p>`;
}

/** What the page of a cited file at a repository's landed head shows. */
export interface RepositoryFilePage {
  /** Repository id. */
  owner: string;
  /** The repository's display path, as the recap names it (null: the id is shown). */
  ownerPath: string | null;
  head: string | null;
  /** The commit the file is shown at, when not the landed head (the one that recorded the citing rows). */
  at?: string;
  /** The file's other pages: null for the landed head's, a SHA for a row's own commit's. */
  alsoAt?: ReadonlyArray<string | null>;
  path: string;
  base: string;
  /** The repository's forge links at the head, when a rule names it. */
  forge: BoundForge | null;
  facts: FileFacts;
  ranges: ReadonlyArray<{ from: number; to: number }>;
  citedBy: readonly ProjectCitation[];
  more: number;
  /** The file's content ({@link fileContentHtml}). */
  content: SafeHtml;
}

/**
 * The body of a repository file page (spec/archive.md, Evidence pages): where it is, its forge
 * link at the first cited line, the facts line, Cited by and the content, in one
 * run between the comments of {@link EVIDENCE_PARTS}.repositoryFile.
 */
export function repositoryFilePageHtml(page: RepositoryFilePage): SafeHtml {
  const onForge = page.forge?.file(page.path, page.ranges[0]?.from) ?? null;
  const forge = page.forge && onForge ? html`<p><a class="forge-link" href="${onForge}" rel="noopener noreferrer">View on ${page.forge.name}</a> (${page.at === undefined ? 'at the landed head' : `at commit ${page.at.slice(0, 12)}`})</p>` : '';
  return html`<!--trailbook:file--><p class="meta"><a href="${urls.home(page.base)}">Archive</a> / repository <code>${page.ownerPath ?? page.owner}</code> / file</p>${forge}<h1 class="file-path"><code>${page.path}</code></h1>${fileFactsHtml(repositoryFileWhere(page.head, page.at), page.facts, page.ranges)}${fileVersionsHtml(page)}${citedByHtml(page.citedBy, page.more, page.base, page.path)}${page.content}<!--/trailbook:file-->`;
}
