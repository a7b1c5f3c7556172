/**
 * Secrets in what evidence cites (issue 29, scopes 2 and 4): a cited file's text and a cited
 * commit's message, author lines and diffs. At analysis, {@link scanCitedEvidence} finds them
 * for the project's flags and redaction; when the evidence store reads a commit or an excerpt
 * (src/loaders/evidence-loaders.ts), {@link redactCommit} and {@link redactExcerpt} redact it
 * before it is stored, so every page, index record and shard copy made from the store is
 * redacted. A file that is a secret by nature (src/lib/secrets/secret-files.ts) gets no
 * excerpt, and no diff on a commit page.
 */
import type { CommitDetails } from '../git/commit-details.ts';
import type { GitRepository } from '../git/repository.ts';
import { repositoryFileText } from '../git/file-excerpt.ts';
import type { FileExcerpt } from '../git/file-excerpt.ts';
import { findSecrets } from './detect.ts';
import type { SecretSettings } from '../config/secret-settings.ts';
import { isSecretFile, SECRET_FILE_NOTE } from './secret-files.ts';
import type { SecretFinds, SecretPlace } from './found-secrets.ts';
import { Redaction } from './redaction.ts';

/**
 * A patch's text as scanned: each line without its `+`, `-` or space mark (a private key's
 * body is recognised only from the start of its lines), hunk headers as they are. Lines stay
 * one for one, so a hit's line in it is its line in the patch.
 */
export function unmarkedPatch(patch: string): string {
  return patch
    .split('\n')
    .map((l) => (l.startsWith('@@') ? l : l.slice(1)))
    .join('\n');
}

/** A commit's texts as scanned, with where each is: `message`, `author`, `committer`, a changed file's path, or its diff (unmarked). */
export function commitTexts(details: CommitDetails): Array<{ text: string; where: string; path?: string }> {
  const out: Array<{ text: string; where: string; path?: string }> = [
    { text: details.message, where: 'message' },
    { text: `${details.author.name} <${details.author.email}>`, where: 'author' },
    { text: `${details.committer.name} <${details.committer.email}>`, where: 'committer' },
  ];
  for (const c of details.changes) {
    out.push({ text: c.path, where: 'path', path: c.path });
    if (c.patch !== null) out.push({ text: unmarkedPatch(c.patch), where: 'diff', path: c.path });
  }
  return out;
}

/**
 * The new-file line of a patch's line number `index` (0-based; `@@ -a,b +c,d @@` hunks), or 0.
 * For a removed line (`-`), its line in the parent's file instead: {@link patchPlaceAt}.
 */
export function patchLineAt(patch: string, index: number): number {
  return patchPlaceAt(patch, index).line;
}

/**
 * Where a patch's line number `index` (0-based) is: its line in the commit's file, or, for a line
 * the commit removed (`-`), its line in the parent's file with `removed` set (lead16: a secret on
 * a removed line was placed at the new file's line before the hunk's removals, `own-rules.ts:38`
 * five times over, a line holding none). 0 when `index` is before the first hunk.
 */
export function patchPlaceAt(patch: string, index: number): { line: number; removed: boolean } {
  const lines = patch.split('\n');
  let now = 0;
  let before = 0;
  let removed = false;
  for (let i = 0; i <= index && i < lines.length; i++) {
    const text = lines[i] as string;
    removed = false;
    if (text.startsWith('@@')) {
      const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)/.exec(text);
      before = m ? Number.parseInt(m[1] as string, 10) - 1 : 0;
      now = m ? Number.parseInt(m[2] as string, 10) - 1 : 0;
    } else if (text.startsWith('-')) {
      before++;
      removed = true;
    } else if (text.startsWith('+')) now++;
    else {
      now++;
      before++;
    }
  }
  return removed ? { line: Math.max(before, 0), removed } : { line: Math.max(now, 0), removed };
}

/** The 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * A commit's details with every secret in its message, author lines, paths and diffs replaced
 * by a marker, and the diff of each secret file left out (`note`: "contents not published:
 * secret file"). `extra` holds values found elsewhere to redact too; `context`, texts scanned
 * with the commit's whose secrets are redacted from it ({@link diffContextTexts}). With `redact`
 * off (`--no-redact`) the details are returned as read.
 */
export async function redactCommit(details: CommitDetails, settings: SecretSettings, extra?: Redaction, context: ReadonlyArray<{ text: string }> = []): Promise<CommitDetails> {
  if (!settings.redact) return details;
  const changes = details.changes.map((c) => (isSecretFile(c.path) ? { ...c, patch: null, note: SECRET_FILE_NOTE } : c));
  const out: CommitDetails = { ...details, changes };
  const texts = [...commitTexts(out), ...context];
  const hits = await findSecrets(texts.map((t) => t.text), settings);
  const redaction = new Redaction();
  for (const [i, list] of hits.entries()) for (const h of list) redaction.add((texts[i]?.text as string).slice(h.start, h.end), h.kind);
  const copy = JSON.parse(JSON.stringify(out)) as CommitDetails;
  redaction.redactDeep(copy);
  extra?.redactDeep(copy);
  return copy;
}

/**
 * A file's excerpt with its secrets replaced by markers (lines kept: one line in, one line
 * out); a secret file's excerpt holds no line, only the note "contents not published: secret
 * file". `whole`: the file's whole text, scanned in place of the windows when the excerpt was
 * cut. `redact` off (`--no-redact`) returns it as read.
 */
export async function redactExcerpt(excerpt: FileExcerpt, settings: SecretSettings, extra?: Redaction, whole?: string | null): Promise<FileExcerpt> {
  if (!settings.redact) return excerpt;
  const text = excerpt.windows.map((w) => w.lines.join('\n')).join('\n');
  if (isSecretFile(excerpt.path, whole ?? text)) return { ...excerpt, windows: [], note: SECRET_FILE_NOTE };
  // A cut excerpt is scanned as the whole file when it is given (sec10): a window starting inside a
  // private key's body, or ending inside a wrapped token, holds a part no rule recognises alone.
  const texts = whole ? [whole] : excerpt.windows.map((w) => w.lines.join('\n'));
  const hits = await findSecrets(texts, settings);
  const redaction = new Redaction();
  for (const [i, list] of hits.entries()) for (const h of list) redaction.add((texts[i] as string).slice(h.start, h.end), h.kind);
  const copy = { ...excerpt, windows: excerpt.windows.map((w) => ({ start: w.start, lines: [...w.lines] })) };
  redaction.redactDeep(copy.windows);
  extra?.redactDeep(copy.windows);
  return copy;
}

/** A cited text to scan: a file's or a commit's, with the citing row's place. */
export interface CitedText {
  text: string;
  /** Names the place of an offset in the text (`.env:2 at the landed head`), and whether it is a secret file. */
  describe(offset: number): { evidence: string; secretFile: boolean };
  /** The citing row's place. */
  place: SecretPlace;
}

/** Scans cited texts, adding what is found to `finds` with the citing row's place and the evidence's. */
export async function scanCitedTexts(cited: readonly CitedText[], finds: SecretFinds, settings: SecretSettings): Promise<void> {
  const hits = await findSecrets(cited.map((c) => c.text), settings);
  for (const [i, list] of hits.entries()) {
    const c = cited[i] as CitedText;
    for (const h of list) {
      const { evidence, secretFile } = c.describe(h.start);
      finds.add(c.text.slice(h.start, h.end), h.kind, h.rule, [{ ...c.place, evidence, ...(secretFile ? { secretFile: true } : {}) }]);
    }
  }
}

/** A diff line's place in words: `config/app.yml:4`, or `config/app.yml:412, a line it removed`. */
function diffPlace(path: string, at: { line: number; removed: boolean }): string {
  return at.removed ? `${path}:${at.line}, a line it removed` : `${path}:${at.line}`;
}

/**
 * The cited texts of a commit's details (message, author lines, changed paths, diffs), for
 * {@link scanCitedTexts}. A secret in a changed file's path is at `commit abc1234 (a changed
 * file's path)` (sec16: it was redacted from the commit's page, never flagged).
 */
export function citedCommitTexts(details: CommitDetails, place: SecretPlace): CitedText[] {
  const short = details.oid.slice(0, 7);
  const patches = new Map(details.changes.map((c) => [c.path, c.patch ?? '']));
  return commitTexts(details).map((t) => ({
    text: t.text,
    place,
    describe: (offset: number) =>
      t.where === 'diff'
        ? { evidence: `commit ${short} (${diffPlace(t.path as string, patchPlaceAt(patches.get(t.path as string) ?? '', lineAt(t.text, offset) - 1))})`, secretFile: isSecretFile(t.path as string) }
        : { evidence: `commit ${short} (${t.where === 'path' ? "a changed file's path" : t.where})`, secretFile: false },
  }));
}

/** The cited text of a file, for {@link scanCitedTexts}; `at` says where it was read (`at the landed head`). */
export function citedFileText(path: string, text: string, at: string, place: SecretPlace): CitedText {
  const secretFile = isSecretFile(path, text);
  return { text, place, describe: (offset: number) => ({ evidence: `${path}:${lineAt(text, offset)} ${at}`, secretFile }) };
}

/**
 * A whole file's text as it may be published: null for a secret file, its secrets replaced
 * by markers otherwise (lines kept); as read under `--no-redact`.
 */
export async function redactFileText(path: string, text: string, settings: SecretSettings): Promise<string | null> {
  if (!settings.redact) return text;
  if (isSecretFile(path, text)) return null;
  const [hits] = await findSecrets([text], settings);
  const redaction = new Redaction();
  for (const h of hits ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
  return redaction.redact(text);
}

/** The shortest line of a private key's body a diff may show without its header. */
const MIN_BODY_LINE = 40;

/**
 * Whether a patch shows a line that may be a private key's body in a hunk that does not show
 * its header: each hunk is judged (sec11: a key shown in two hunks, the header in the first,
 * its last lines and END in the second, had the second's lines published as written, since the
 * patch as a whole held a header).
 */
function mayShowKeyBody(patch: string): boolean {
  let header = false;
  let body = false;
  for (const line of patch.split('\n')) {
    if (line.startsWith('@@')) {
      if (body && !header) return true;
      header = false;
      body = false;
      continue;
    }
    if (line.includes('-----BEGIN') && line.includes('PRIVATE KEY-----')) header = true;
    const text = line.slice(1).trim();
    if (text.length >= MIN_BODY_LINE && /^[A-Za-z0-9+/=]+$/.test(text)) body = true;
  }
  return body && !header;
}

/**
 * The whole files around a commit's diffs that may show a private key's body without its header
 * (sec10): a commit rotating a key changes body lines, and its hunk's three lines of context do
 * not reach the `-----BEGIN … PRIVATE KEY-----` line, so no rule recognised the lines it showed.
 * Each such changed file is read as the commit has it and as its parent had it (the lines it
 * removes), to be scanned with the commit ({@link redactCommit}, and the commit's scan for flags).
 * A file that cannot be read is left out.
 */
export async function diffContextTexts(repo: GitRepository, details: CommitDetails): Promise<Array<{ text: string; path: string; at: string }>> {
  const out: Array<{ text: string; path: string; at: string }> = [];
  for (const c of details.changes) {
    if (c.patch === null || isSecretFile(c.path) || !mayShowKeyBody(c.patch)) continue;
    // The commit's version for what it adds, its parent's for what it removes.
    const parent = details.parents[0] ?? null;
    const versions = c.change === 'added' || parent === null ? [details.oid] : c.change === 'deleted' ? [parent] : [details.oid, parent];
    for (const at of versions) {
      const text = await repositoryFileText(repo, at, c.path).catch(() => null);
      if (text !== null) out.push({ text, path: c.path, at });
    }
  }
  return out;
}
