/**
 * The body of a repository file's page, at the landed head (`r/<repo>/file/<path>/`) or at the
 * commit that recorded the rows citing it (`r/<repo>/at/<oid>/file/<path>/`, issue 26, item 1):
 * its citations and excerpt read from the evidence store, the excerpt's windows highlighted, the
 * page made by evidence-page.ts. One function for both routes, so they cannot drift apart.
 */
import type { CollectionEntry } from 'astro:content';
import { buildContext } from '../../lib/config/build-context.ts';
import { readCitations, readFileExcerpt } from '../../lib/archive/evidence-store.ts';
import { unpackRanges, type ProjectCitation } from '../../lib/archive/evidence-entries.ts';
import { normaliseBase } from '../../lib/site/urls.ts';
import { repositoryForge } from '../../lib/archive/page-forge.ts';
import { highlightLines, languageOf } from '../../lib/highlight/highlight.ts';
import { excerptFacts, fileContentHtml, repositoryFilePageHtml } from './evidence-page.ts';
import type { SafeHtml } from './html.ts';

/**
 * The page body of the cited file `file` (an entry of the `files` collection, `entryId` its id),
 * at the commit `file.at` when it has one, else at the landed head; `baseUrl` is the site's base.
 */
export async function repositoryFileBody(file: CollectionEntry<'files'>['data'], entryId: string, baseUrl: string): Promise<SafeHtml> {
  const { cacheDir } = buildContext();
  const ranges = unpackRanges(file.ranges);
  const citedBy = (await readCitations<ProjectCitation>(cacheDir, `file:${entryId}`)) ?? [];
  const excerpt = (await readFileExcerpt(cacheDir, entryId)) ?? { problem: 'the file was not read (run the build again)' };
  const lang = languageOf(file.path);
  const highlighted = 'problem' in excerpt ? [] : await Promise.all(excerpt.windows.map((w) => highlightLines(w.lines.join('\n'), lang)));
  return repositoryFilePageHtml({
    owner: file.owner,
    ownerPath: file.ownerPath,
    head: file.head,
    ...(file.at !== undefined ? { at: file.at } : {}),
    ...(file.alsoAt !== undefined ? { alsoAt: file.alsoAt } : {}),
    path: file.path,
    base: normaliseBase(baseUrl),
    forge: repositoryForge(file.owner, file.at ?? file.head),
    facts: excerptFacts(excerpt),
    ranges,
    citedBy,
    more: file.moreCitations,
    content: fileContentHtml(file.path, excerpt, highlighted, ranges),
  });
}
