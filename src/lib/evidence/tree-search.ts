/**
 * Test-name search in the tree at the landed head (spec/input.md section 3: "found in the
 * tree at head (grep) or INCONCLUSIVE"). The text of the tree is loaded once per repository
 * and head, within fixed limits, and shared by every lookup. Record files (trails, verdicts,
 * coordination logs: `isRecordPath`) are not searched: a claim cannot verify itself.
 */
import type { GitRepository } from '../git/repository.ts';
import { isRecordPath } from '../formats/format-lookup.ts';
import { indexOfName, indexOfTitle } from './name-match.ts';
import { definitionLine } from './definition-span.ts';
import { lineAtIndex } from '../text/line-breaks.ts';

/** At most this many files are searched per repository. */
export const SEARCH_MAX_FILES = 20_000;
/** At most this many bytes of text are held for search per repository. */
export const SEARCH_MAX_BYTES = 64 * 1024 * 1024;

type Corpus = { files: Array<{ path: string; text: string }>; truncated: boolean } | { problem: string };

/** A name's place in a tree (see {@link searchTree}). */
export type TreeSearch = { path: string | null; line: number; defined: boolean } | { problem: string };

/**
 * Per repository and head: the tree's text, and each name already looked for. A name is looked
 * for once: an archive whose projects all cite one monorepo names the same tests again and
 * again, and each search reads every file (issue 30: 12.8 s of a 74 s check of 200 projects on
 * the real-shaped corpus).
 */
const corpora = new WeakMap<GitRepository, Map<string, { corpus: Promise<Corpus>; found: Map<string, TreeSearch> }>>();

async function loadCorpus(repo: GitRepository, head: string): Promise<Corpus> {
  const list = await repo.listFiles(head, SEARCH_MAX_FILES + 1);
  if ('problem' in list) return list;
  const files: Array<{ path: string; text: string }> = [];
  let bytes = 0;
  let truncated = list.length > SEARCH_MAX_FILES;
  for (const entry of list.slice(0, SEARCH_MAX_FILES)) {
    // A trail committed to the repository holds the very names it cites: finding one there proves nothing.
    if (isRecordPath(entry.path)) continue;
    const blob = await repo.blobText(entry.oid);
    if (blob.status !== 'text') continue;
    if (bytes + blob.bytes > SEARCH_MAX_BYTES) {
      truncated = true;
      break;
    }
    bytes += blob.bytes;
    files.push({ path: entry.path, text: blob.text });
  }
  return { files, truncated };
}

/**
 * Finds `name` as a whole name (`indexOfName`) in the tree, preferring where it is defined: the
 * first file (in tree order) that defines it (definition-span.ts `definitionLine`; a title
 * holding white space, where it opens a string: name-match.ts `indexOfTitle`), with that line
 * and `defined: true`; else the first file that only mentions it, with the line of its first
 * mention and `defined: false` (trust10: a test named only in a plan, `docs/plan.md`, was
 * VERIFIED "test found in docs/plan.md" though no such test was written). `path: null` when not
 * found; `problem` when the tree cannot be read or the search was cut by the limits and found
 * nothing.
 */
export async function searchTree(repo: GitRepository, head: string, name: string): Promise<TreeSearch> {
  let byHead = corpora.get(repo);
  if (!byHead) {
    byHead = new Map();
    corpora.set(repo, byHead);
  }
  let tree = byHead.get(head);
  if (!tree) {
    tree = { corpus: loadCorpus(repo, head), found: new Map() };
    byHead.set(head, tree);
  }
  const corpus = await tree.corpus;
  if ('problem' in corpus) return corpus;
  let found = tree.found.get(name);
  if (found === undefined) {
    found = findInCorpus(corpus, name);
    tree.found.set(name, found);
  }
  return found;
}

/** {@link searchTree} over a tree's text once loaded. */
function findInCorpus(corpus: Exclude<Corpus, { problem: string }>, name: string): TreeSearch {
  const titled = /\s/.test(name);
  let mention: { path: string; line: number } | null = null;
  for (const file of corpus.files) {
    const index = indexOfName(file.text, name);
    if (index === -1) continue;
    const defined = titled ? indexOfTitle(file.text, name) : -1;
    const line = titled ? (defined === -1 ? null : lineAtIndex(file.text, defined)) : definitionLine(file.text, name);
    if (line !== null) return { path: file.path, line, defined: true };
    mention ??= { path: file.path, line: lineAtIndex(file.text, index) };
  }
  if (mention !== null) return { ...mention, defined: false };
  if (corpus.truncated) return { problem: 'not found in the part of the tree searched (the tree is larger than the search limits)' };
  return { path: null, line: 0, defined: false };
}
