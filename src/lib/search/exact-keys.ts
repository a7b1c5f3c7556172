/**
 * Exact tokens (issue 11 scope 2): row ids, commit SHAs (full or any prefix of 4 or more
 * characters), paths with or without a line, flag kinds (whole or the part after `/`), and
 * issue, ticket, criterion and event ids. They are matched exactly, never as words, and come
 * before word matches.
 *
 * Keys live in one sorted map (index/merge.ts), in four spaces:
 * - `id:<id>` — row, issue, ticket, criterion and event ids, lower case, matched whole;
 * - `hex:<hex>` — commits (the resolved full SHA, or the SHA as cited when it does not
 *   resolve) and SHAs written in text; a query of 4+ hex digits matches every key it begins,
 *   and every key of 7+ digits that begins it (a full SHA finds the row citing `2842af7`);
 * - `kind:<kind>` — a flag kind, under its whole name and under the part after the last `/`;
 * - `path:<file name>` — a cited or listed file, under its last segment, lower case, holding
 *   the full path and the lines cited, so `src/a.ts:12`, `a.ts:12` and `src/a.ts` all find it.
 *
 * Each entry says how strongly it belongs to its record ({@link Quality}): the record *is*
 * the token (the row with that id, the commit page), or *cites* it (a row citing the commit).
 */
import { trimChars } from '../text/trim-chars.ts';
import type { EvidencePointer } from '../model/types.ts';
import { splitLineSuffix, looksLikePath } from '../evidence/classify.ts';
import { shaRange } from '../evidence/hex-shape.ts';

/** 3: the record is what the token names (the row of an id, a commit's page); 2: the record cites or carries it. */
export type Quality = 2 | 3;

/** One exact key of a record. Paths carry the full path (lower case) and the cited lines. */
export interface ExactKey {
  key: string;
  quality: Quality;
  /** For `path:` keys: the full path, lower case. */
  path?: string;
  from?: number;
  to?: number;
}

const HEX_QUERY = /^[0-9a-f]{4,40}$/;

export const idKey = (id: string, quality: Quality): ExactKey => ({ key: `id:${id.trim().toLowerCase()}`, quality });
export const hexKey = (hex: string, quality: Quality): ExactKey => ({ key: `hex:${hex.toLowerCase()}`, quality });

/** A flag kind under its whole name and its tail (`evidence/commit-not-found`, `commit-not-found`). */
export function kindKeys(kind: string, quality: Quality): ExactKey[] {
  const whole = kind.trim().toLowerCase();
  const tail = whole.slice(whole.lastIndexOf('/') + 1);
  return tail !== whole && tail !== '' ? [{ key: `kind:${whole}`, quality }, { key: `kind:${tail}`, quality }] : [{ key: `kind:${whole}`, quality }];
}

/** A file path (with the lines it cites, if any) under its file name. */
export function pathKey(path: string, quality: Quality, from?: number, to?: number): ExactKey | null {
  const clean = path.trim().replace(/^\.\//, '').toLowerCase();
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  if (name === '') return null;
  return { key: `path:${name}`, quality, path: clean, ...(from !== undefined ? { from, to: to ?? from } : {}) };
}

/** The exact keys of one evidence pointer as a citing record holds them (quality 2). */
export function pointerKeys(p: EvidencePointer): ExactKey[] {
  // A range cites each of its ends (`82c680b..58ed6b9`): resolved, as full SHAs; else as written.
  if (p.ends) return p.ends.map((e) => hexKey(e.oid, 2));
  if (p.kind === 'commit') {
    const written = p.raw.replace(/^commit\s+/i, '').trim();
    const range = p.target?.type === 'commit' ? null : shaRange(written);
    if (range) return [hexKey(range.from, 2), hexKey(range.to, 2)];
    const hex = p.target?.type === 'commit' ? p.target.oid : written;
    return /^[0-9a-f]{4,40}$/i.test(hex) ? [hexKey(hex, 2)] : [];
  }
  if (p.kind === 'path' || p.kind === 'symbol' || p.kind === 'test') {
    // The lines as written: a pointer past the end of its file resolves to the file alone.
    const first = p.raw.trim().split(/\s+/)[0] ?? '';
    const written = looksLikePath(first) ? splitLineSuffix(first) : null;
    const path = p.target?.type === 'file' ? p.target.path : written?.path;
    if (path === undefined) return [];
    const from = p.target?.type === 'file' && p.target.from !== undefined ? p.target.from : written?.from;
    const to = p.target?.type === 'file' && p.target.from !== undefined ? p.target.to : written?.to;
    // Each further range the pointer cites (`src/a.ts:12, 40`) is a key too, so `src/a.ts:40` finds the row.
    const more = p.target?.type === 'file' && p.target.from !== undefined ? (p.target.more ?? []) : [];
    return [pathKey(path, 2, from, to), ...more.map((r) => pathKey(path, 2, r.from, r.to))].filter((k): k is ExactKey => k !== null);
  }
  return [];
}

/** A row's anchor at the end of a token (`row-<id>`, after `#` or a link's path): the id. */
const ROW_ANCHOR = /(?:^|#)row-([^#\s]+)$/;
/** A duplicate id's anchor suffix (`-L<line>`, then `-<n>`; rows.ts assignAnchors), lower case here. */
const DUPLICATE_SUFFIX = /-l\d+(?:-\d+)?$/;

/** A full or abbreviated SHA as a forge's URL writes it. */
const URL_SHA = /^[0-9a-f]{7,40}$/i;

/**
 * What a forge's link to a commit or a file names (find16: an auditor pastes the link from the
 * browser, and `https://github.com/o/r/commit/<sha>` or `…/blob/main/src/a.ts#L12` found
 * nothing): a commit's SHA (`/commit/<sha>`, `/commits/<sha>`, GitLab's `/-/commit/<sha>`, a
 * compare's two ends `/compare/<a>...<b>`), or a file's path after its ref and the line of its
 * `#L12` (`/blob/<ref>/<path>`, `/tree/…`, `/raw/…`, GitLab's `/-/blob/…`, Gitea's
 * `/src/commit/<ref>/<path>`, `/src/branch/…`). The ref is one segment: a branch written with a
 * slash reads as part of the path, which still ends with the file's path. Null for any other text.
 */
export function forgeUrlTarget(text: string): { shas: string[] } | { path: string; line?: number } | null {
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter((x) => x !== '').map((x) => decodeURIComponent(x));
  } catch {
    return null;
  }
  for (let i = 0; i < segments.length - 1; i++) {
    const at = segments[i] as string;
    const next = segments[i + 1] as string;
    if ((at === 'commit' || at === 'commits') && URL_SHA.test(next) && !(at === 'commit' && segments[i - 1] === 'src' && i + 2 < segments.length)) return { shas: [next.toLowerCase()] };
    if (at === 'compare') {
      const ends = /^([0-9a-f]{7,40})\.{2,3}([0-9a-f]{7,40})$/i.exec(next);
      if (ends) return { shas: [(ends[1] as string).toLowerCase(), (ends[2] as string).toLowerCase()] };
    }
    const gitea = at === 'src' && (next === 'commit' || next === 'branch' || next === 'tag');
    if ((at === 'blob' || at === 'tree' || at === 'raw' || gitea) && segments.length > i + (gitea ? 3 : 2)) {
      const path = segments.slice(i + (gitea ? 3 : 2)).join('/');
      const line = /^#L(\d+)/i.exec(url.hash)?.[1];
      return { path, ...(line !== undefined ? { line: Number(line) } : {}) };
    }
  }
  return null;
}

/** One exact lookup a query token asks for. */
export type ExactQuery =
  | { type: 'hex'; prefix: string }
  | { type: 'key'; key: string }
  | { type: 'path'; key: string; path: string; line?: number };

/**
 * The exact lookups of one query token (as typed; case does not matter): a hex token of 4+
 * digits looks up SHAs beginning with it and an id equal to it; a token with `-`, `/`, `_`,
 * `.`, `:` or `#` or with both digits and letters looks up ids and flag kinds equal to it;
 * a path (`src/a.ts`, `a.ts:12`, `src/a.ts#L12`) looks up its file name; a row's anchor as a
 * link shows it (`row-0badc0de`, `#row-0badc0de`, a permalink ending in it; src/lib/trail/rows.ts
 * assignAnchors, a duplicate's `-L<line>` too) looks up the row's id; a forge's link to a commit
 * or a file looks up the SHA or the path and line it names ({@link forgeUrlTarget}). Plain words
 * ask for none.
 */
export function queryExactKeys(token: string): ExactQuery[] {
  // Brackets and quotes around the token, trimmed in linear time (src/lib/text/trim-chars.ts).
  const written = trimChars(token.trim(), '("\'`[', ')"\'`],;');
  const t = written.toLowerCase();
  if (t === '') return [];
  const out: ExactQuery[] = [];
  // A forge's link to a commit or a file: the SHA or the path it names.
  const target = forgeUrlTarget(written);
  if (target && 'shas' in target) for (const sha of target.shas) out.push({ type: 'hex', prefix: sha });
  if (target && 'path' in target) {
    const path = target.path.toLowerCase();
    out.push({ type: 'path', key: `path:${path.slice(path.lastIndexOf('/') + 1)}`, path, ...(target.line !== undefined ? { line: target.line } : {}) });
  }
  // The link is not itself a path (its words are still searched: a row citing the link is found by them).
  if (target) return out;
  if (HEX_QUERY.test(t)) out.push({ type: 'hex', prefix: t });
  const idLike = /[-/_.:#]/.test(t) || (/[0-9]/.test(t) && /\p{L}/u.test(t)) || HEX_QUERY.test(t);
  if (idLike) {
    out.push({ type: 'key', key: `id:${t}` });
    out.push({ type: 'key', key: `kind:${t}` });
  }
  // A row's anchor, as a permalink shows it: the id it was made from (a found-by-reader report:
  // `row-0badc0de` listed words and the row's flag, not the row).
  const anchored = ROW_ANCHOR.exec(t)?.[1];
  if (anchored) for (const id of new Set([anchored, anchored.replace(DUPLICATE_SUFFIX, '')])) if (id !== '' && id !== t) out.push({ type: 'key', key: `id:${id}` });
  // The line read as written: `#L12` and `:L12` are upper case (a found-by-audit report, aud9:
  // `a.ts#L12` lower-cased lost its line); the path is compared without case.
  const { path: writtenPath, from } = splitLineSuffix(written);
  const path = writtenPath.toLowerCase();
  // A path typed from the repository's root (`/src/a.ts`) or the work tree (`./src/a.ts`) is the
  // repository's path (find15: `/crates/…/admission.rs` was searched as its words); an absolute
  // path a row cites (`/private/tmp/x.md`) still ends with what is left, so it is found too.
  const clean = path.replace(/^(?:\.?\/)+/, '').replace(/\/$/, '');
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  if (name !== '' && (clean.includes('/') || looksLikePath(clean))) out.push({ type: 'path', key: `path:${name}`, path: clean, ...(from !== undefined ? { line: from } : {}) });
  return out;
}

/**
 * How well a `path:` entry answers a path query, as a score (higher first), or null when the
 * entry's path does not end with the query's path on a segment boundary.
 * - A query without a line: the file's own page 30, a record citing the file 20.
 * - A query with a line: a record citing exactly that line 30, a range holding it 25, the
 *   file's page 20, a record citing the file elsewhere 10.
 */
export function pathMatch(entry: { path: string; from?: number; to?: number; quality: Quality }, query: { path: string; line?: number }): number | null {
  if (entry.path !== query.path && !entry.path.endsWith(`/${query.path}`)) return null;
  if (query.line === undefined) return entry.quality * 10;
  if (entry.quality === 3) return 20;
  if (entry.from === undefined) return 10;
  if (entry.from === query.line && (entry.to ?? entry.from) === query.line) return 30;
  return query.line >= entry.from && query.line <= (entry.to ?? entry.from) ? 25 : 10;
}
